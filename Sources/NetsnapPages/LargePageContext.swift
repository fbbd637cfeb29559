import Foundation
import Mustache
import NetsnapLanguage
import NetsnapWidgets

/// `large.html`: the large widget alone, for an `<iframe>`, with empty rows the script
/// clones when a list grows.
struct LargePageContext: Sendable {
    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let large: LargeWidgetView
    let blankTarget = TargetRowView.blank
    let blankRecentDevice = RecentDeviceRowView.blank

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        chrome = PageChrome(.widget, title: .networkStatus, widgets: widgets, now: now, settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        let small = SmallWidgetView(widgets, wording, timeZone: settings.timeZone)
        large = LargeWidgetView(widgets, medium: MediumWidgetView(widgets, small: small, wording), wording, timeZone: settings.timeZone)
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension LargePageContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "t": self.t
        case "sentence": self.sentence
        case "large": self.large
        case "blankTarget": self.blankTarget
        case "blankRecentDevice": self.blankRecentDevice
        default: nil
        }
    }
}
