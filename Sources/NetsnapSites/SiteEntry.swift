import Foundation

/// One site as the wall shows it: a line of `sites.json`, a card of `sites.html`.
public struct SiteEntry: Sendable, Equatable {
    /// The site's node id, as it came in its topic.
    public var id: String
    /// Its folder below `sites/`.
    public var slug: String
    /// The name its person gave it (`site.name`), else its id; told apart by its id when
    /// another site has the same.
    public var name: String
    public var state: SiteState
    /// When its snapshot was taken; nil without a valid one.
    public var snapshotAt: Date?
    public var ageSeconds: Double?
    /// When its snapshot goes stale; nil without a valid one.
    public var expiresAt: Date?
    public var targetsUp = 0
    public var targetsDown = 0
    public var devicesActive = 0
    public var devicesTotal = 0
    /// Why the site is invalid (the contract error with its JSON path), or lost.
    public var error: String?

    init(id: String, slug: String, state: SiteState) {
        self.id = id
        self.slug = slug
        self.name = String(id.prefix(64))
        self.state = state
    }

    /// The site's own dashboard, relative to the output folder.
    public var href: String { "sites/\(slug)/index.html" }

    /// Worst first, then by name and id.
    static func worstFirst(_ lhs: SiteEntry, _ rhs: SiteEntry) -> Bool {
        if lhs.state != rhs.state { return lhs.state < rhs.state }
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        return lhs.id < rhs.id
    }
}
