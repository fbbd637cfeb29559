import Foundation
import NetsnapModel
import NetsnapWidgets

extension PageRenderer {
    /// The template the network map is rendered from (`map.html` in the templates folder).
    static let mapTemplate = "map"

    /// `map.html`: `snapshot`'s devices around its gateway. Give the snapshot as the outputs
    /// show it (`Snapshot.redacted()` when they are public): the map names what it is given.
    public func mapPage(_ snapshot: Snapshot, widgets: WidgetSet, now: Date) -> RenderedPage {
        let context = MapPageContext(snapshot, widgets: widgets, now: now, settings: settings)
        return RenderedPage(path: "map.html", bytes: Array(templates.render(Self.mapTemplate, context).utf8))
    }
}
