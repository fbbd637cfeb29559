import Foundation
import NetsnapLanguage
import NetsnapWidgets

/// `small.html`: the small widget alone, for an `<iframe>`.
struct SmallPageContext: Sendable {
    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let small: SmallWidgetView

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        chrome = PageChrome(.widget, title: .networkStatus, widgets: widgets, now: now, settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        small = SmallWidgetView(widgets, wording, timeZone: settings.timeZone)
    }
}
