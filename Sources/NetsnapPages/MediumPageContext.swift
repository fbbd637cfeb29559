import Foundation
import NetsnapLanguage
import NetsnapWidgets

/// `medium.html`: the medium widget alone, for an `<iframe>`.
struct MediumPageContext: Sendable {
    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let medium: MediumWidgetView

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        chrome = PageChrome(.widget, title: .networkStatus, widgets: widgets, now: now, settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        medium = MediumWidgetView(widgets, small: SmallWidgetView(widgets, wording, timeZone: settings.timeZone), wording)
    }
}
