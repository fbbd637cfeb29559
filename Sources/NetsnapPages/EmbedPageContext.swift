import Foundation
import NetsnapLanguage
import NetsnapWidgets

/// `embed.html`: each widget in a frame beside the code to copy, with the URL options.
struct EmbedPageContext: Sendable {
    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    /// The widgets' sizes at 16 px per rem; the stylesheet's `.frame-*` classes match them.
    let snippets: [EmbedSnippet]

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        chrome = PageChrome(.embed, title: .embedTheWidgets, widgets: widgets, now: now, settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        snippets = [
            EmbedSnippet(.small, slug: "small", width: 160, height: 160, wording),
            EmbedSnippet(.medium, slug: "medium", width: 336, height: 160, wording),
            EmbedSnippet(.large, slug: "large", width: 336, height: 352, wording),
        ]
    }
}
