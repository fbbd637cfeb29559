import NetsnapLanguage

/// One site's card on the wall (`sites.html`), as plain text: every value came from a site
/// and is escaped by the template.
public struct WallCard: Sendable, Equatable {
    public var name: String
    public var id: String
    /// `online`, `degraded`, `offline`, `stale`, `lost` or `invalid`: the card's class.
    public var state: String
    /// "5 min ago", or "no snapshot".
    public var age: String
    /// "3/4 targets up · 12/20 devices active".
    public var detail: String
    /// Why the site is invalid or lost; nil otherwise.
    public var error: String?
    /// The site's own dashboard, relative to the wall.
    public var href: String

    public init(name: String, id: String, state: String, age: String, detail: String, error: String?, href: String) {
        self.name = name
        self.id = id
        self.state = state
        self.age = age
        self.detail = detail
        self.error = error
        self.href = href
    }

    /// The wall's headline, "3 of 4 sites OK", as `sites.js` refreshes it: in the POSIX locale
    /// the script's fixed English (plural always), elsewhere the language's plural forms.
    public static func headline(healthy: Int, of total: Int, _ wording: Wording) -> String {
        guard !PageFormat.isFixed(wording) else { return "\(healthy) of \(total) sites OK" }
        return wording(CountPhrase.sitesOK, count: total, ["healthy": wording.integer(healthy)])
    }
}
