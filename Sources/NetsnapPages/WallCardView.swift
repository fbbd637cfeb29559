import NetsnapLanguage

/// A site's card as the wall's template reads it: the card's own fields, and its state as a
/// word of the page's language.
struct WallCardView {
    let name: String
    let id: String
    let state: String
    let stateWord: String
    let age: String
    let detail: String
    let error: String?
    let href: String

    init(_ card: WallCard, _ wording: Wording) {
        name = card.name
        id = card.id
        state = card.state
        stateWord = Self.phrase(card.state).map { wording($0) } ?? card.state
        age = card.age
        detail = card.detail
        error = card.error.map(wording.reason)
        href = card.href
    }

    private static func phrase(_ state: String) -> Phrase? {
        switch state {
        case "online": .siteOnline
        case "degraded": .siteDegraded
        case "offline": .siteOffline
        case "stale": .siteStale
        case "unknown": .siteUnknown
        case "lost": .siteLost
        case "invalid": .siteInvalid
        default: nil
        }
    }
}
