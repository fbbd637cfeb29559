import Mustache
import NetsnapLanguage

/// The pages' sentences that hold markup, as `sentence` in every page's context:
/// `{{#sentence.lastUpdate}}…{{/sentence.lastUpdate}}` iterates `PagePhrase.lastUpdate` in
/// the page's language cut into `SentencePiece`s, for the template to put its `<time>` where
/// the translation has `{time}`.
struct PageSentences: Sendable, MustacheParent {
    let wording: Wording

    func child(named name: String) -> Any? {
        if let phrase = PageText.pagePhrases[name] { return pieces(wording(phrase), phrase.rawValue) }
        if let phrase = PageText.phrases[name] { return pieces(wording(phrase), phrase.rawValue) }
        if let phrase = PageText.mapPhrases[name] { return pieces(wording(phrase), phrase.rawValue) }
        if let phrase = PageText.speedPhrases[name] { return pieces(wording(phrase), phrase.rawValue) }
        return nil
    }

    private func pieces(_ translated: String, _ english: String) -> [SentencePiece] {
        SentencePiece.pieces(translated, slots: PageText.placeholders(english))
    }
}
