import Foundation
import NetsnapWidgets

/// `large.html`: the large widget alone, for an `<iframe>`, with empty rows the script
/// clones when a list grows.
struct LargePageContext: Sendable {
    let chrome: PageChrome
    let large: LargeWidgetView
    let blankTarget = TargetRowView.blank
    let blankRecentDevice = RecentDeviceRowView.blank

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        chrome = PageChrome(.widget, title: "Network status", widgets: widgets, now: now, settings: settings)
        large = LargeWidgetView(widgets, medium: MediumWidgetView(widgets, small: SmallWidgetView(widgets)))
    }
}
