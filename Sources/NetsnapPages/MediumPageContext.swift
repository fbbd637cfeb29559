import Foundation
import NetsnapWidgets

/// `medium.html`: the medium widget alone, for an `<iframe>`.
struct MediumPageContext: Sendable {
    let chrome: PageChrome
    let medium: MediumWidgetView

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        chrome = PageChrome(.widget, title: "Network status", widgets: widgets, now: now, settings: settings)
        medium = MediumWidgetView(widgets, small: SmallWidgetView(widgets))
    }
}
