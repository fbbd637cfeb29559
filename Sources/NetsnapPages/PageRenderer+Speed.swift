import Foundation
import NetsnapWidgets

extension PageRenderer {
    /// The template the line's speed is rendered from (`speed.html` in the templates folder).
    static let speedTemplate = "speed"

    /// `speed.html`: the latest measurement and the 30- and 90-day charts of `widgets`; a
    /// page saying how to measure where nothing has.
    public func speedPage(widgets: WidgetSet, now: Date) -> RenderedPage {
        let context = SpeedPageContext(widgets: widgets, now: now, settings: settings)
        return RenderedPage(path: "speed.html", bytes: Array(templates.render(Self.speedTemplate, context).utf8))
    }
}
