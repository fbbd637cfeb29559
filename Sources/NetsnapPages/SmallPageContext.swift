import Foundation
import NetsnapWidgets

/// `small.html`: the small widget alone, for an `<iframe>`.
struct SmallPageContext: Sendable {
    let chrome: PageChrome
    let small: SmallWidgetView

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        chrome = PageChrome(.widget, title: "Network status", widgets: widgets, now: now, settings: settings)
        small = SmallWidgetView(widgets)
    }
}
