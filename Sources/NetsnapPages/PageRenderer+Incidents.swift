import Foundation
import NetsnapModel
import NetsnapWidgets

extension PageRenderer {
    /// The template the incidents page is rendered from (`incidents.html` in the templates folder).
    static let incidentsTemplate = "incidents"

    /// `incidents.html`: `incidents` (the last 90 days) by month, newest first, each with its
    /// timeline; with `redacted`, causes are the public wording.
    public func incidentsPage(_ incidents: [Incident], widgets: WidgetSet, now: Date, redacted: Bool) -> RenderedPage {
        let context = IncidentsPageContext(incidents, widgets: widgets, now: now, settings: settings, redacted: redacted)
        return RenderedPage(path: "incidents.html", bytes: Array(templates.render(Self.incidentsTemplate, context).utf8))
    }
}
