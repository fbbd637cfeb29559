import NetsnapLanguage

/// What the wall says of one site, worst first in `allCases`.
public enum SiteState: String, Sendable, CaseIterable, Comparable {
    /// Its last will arrived, it said `offline`, or no snapshot came within its freshness window.
    case lost
    /// Its snapshot breaks the contract (or was too large, or its id is not a node id).
    case invalid
    /// Its own network is offline.
    case offline
    /// The wall cannot see it: the wall's own broker connection is down (or has just come
    /// back and the site has not yet been heard again), so nothing true can be said of it.
    case unknown
    /// It is connected, but its snapshot is older than its own refresh promise.
    case stale
    /// Its own network is degraded.
    case degraded
    case online

    /// 0 for the worst.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: SiteState, rhs: SiteState) -> Bool { lhs.rank < rhs.rank }

    /// The state's word (context "site state"), as the wall's tiles and pages say it.
    var phrase: Phrase {
        switch self {
        case .lost: .siteLost
        case .invalid: .siteInvalid
        case .offline: .siteOffline
        case .unknown: .siteUnknown
        case .stale: .siteStale
        case .degraded: .siteDegraded
        case .online: .siteOnline
        }
    }
}
