import Foundation
import NetsnapModel
import NetsnapWidgets

/// Renders every page, the stylesheet and the script for one set of widgets: value in,
/// files out. Templates are loaded once, when the renderer is made.
public struct PageRenderer: Sendable {
    public let templates: PageTemplates
    public let settings: PageSettings

    /// Loads the bundled templates and the replacements in `settings.templatesDirectory`.
    public init(settings: PageSettings) throws(PageTemplateError) {
        self.init(templates: try PageTemplates(overrides: settings.templatesDirectory), settings: settings)
    }

    public init(templates: PageTemplates, settings: PageSettings) {
        self.templates = templates
        self.settings = settings
    }

    /// Every page for `widgets` (redacted first when the output is public) rendered at `now`;
    /// the dashboard names `problem` (the history could not be written…) in a banner and lists
    /// `displays` in a card of their own and, with `uptime` (the history's), 90 day bars per
    /// thing watched.
    public func render(
        _ widgets: WidgetSet, now: Date, problem: String? = nil, displays: [DisplayEntry] = [], uptime: UptimeReport? = nil
    ) -> [RenderedPage] {
        let dashboard = DashboardPageContext(widgets, now: now, settings: settings, problem: problem, displays: displays, uptime: uptime)
        let contexts: [(String, Any)] = [
            ("index", dashboard),
            ("small", SmallPageContext(widgets, now: now, settings: settings)),
            ("medium", MediumPageContext(widgets, now: now, settings: settings)),
            ("large", LargePageContext(widgets, now: now, settings: settings)),
            ("embed", EmbedPageContext(widgets, now: now, settings: settings)),
        ]
        let pages = contexts.map { name, context in
            RenderedPage(path: "\(name).html", bytes: Array(templates.render(name, context).utf8))
        }
        return pages + templates.assets
    }
}
