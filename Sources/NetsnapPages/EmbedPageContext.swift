import Foundation
import NetsnapWidgets

/// `embed.html`: each widget in a frame beside the code to copy, with the URL options.
struct EmbedPageContext: Sendable {
    /// The widgets' sizes at 16 px per rem; the stylesheet's `.frame-*` classes match them.
    static let snippets = [
        EmbedSnippet(name: "Small", file: "small.html", width: 160, height: 160),
        EmbedSnippet(name: "Medium", file: "medium.html", width: 336, height: 160),
        EmbedSnippet(name: "Large", file: "large.html", width: 336, height: 352),
    ]

    let chrome: PageChrome
    /// Stored as well, since Mustache looks values up by reflection and sees no statics.
    let snippets = Self.snippets

    init(_ widgets: WidgetSet, now: Date, settings: PageSettings) {
        chrome = PageChrome(.embed, title: "Embed the widgets", widgets: widgets, now: now, settings: settings)
    }
}
