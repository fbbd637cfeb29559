import Foundation
import NetsnapLanguage

extension PageRenderer {
    /// The template the wall is rendered from (`sites.html` in the templates folder).
    static let wallTemplate = "sites"

    /// The scripts `sites.html` refreshes itself with, written beside it.
    public var wallScripts: [RenderedPage] { templates.wallScripts }

    /// The wall of an aggregating netsnap: one card per site, in the order given (worst
    /// first), a headline such as "3 of 4 sites OK", refreshed in place every `refreshSeconds`
    /// from `sites.json` by `wallScripts`.
    public func wall(_ cards: [WallCard], headline: String, generatedAt: Date, refreshSeconds: Int) -> RenderedPage {
        let wording = settings.wording
        let context = WallPageContext(
            title: wording(PagePhrase.sitesTitle), headline: headline, generatedAt: PageFormat.timestamp(generatedAt),
            updated: PageFormat.clock(generatedAt, wording, settings.timeZone), refreshSeconds: refreshSeconds,
            cards: cards.map { WallCardView($0, wording) }, isEmpty: cards.isEmpty,
            contentSecurityPolicy:
                "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                + "form-action 'none'",
            lang: wording.languageTag, dir: wording.isRightToLeft ? "rtl" : "ltr", words: ScriptWords.json(wording),
            t: PageText(wording: wording), sentence: PageSentences(wording: wording))
        return RenderedPage(path: "sites.html", bytes: Array(templates.render(Self.wallTemplate, context).utf8))
    }
}

/// What `sites.html` is rendered from.
struct WallPageContext {
    let title: String
    let headline: String
    /// RFC 3339, for the `datetime` attribute and the script.
    let generatedAt: String
    /// The clock time it was written, as every page words it ("10:42", "10:42 UTC").
    let updated: String
    let refreshSeconds: Int
    let cards: [WallCardView]
    let isEmpty: Bool
    let contentSecurityPolicy: String
    let lang: String
    let dir: String
    let words: String?
    let t: PageText
    let sentence: PageSentences
}
