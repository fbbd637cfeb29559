import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// `badge.json`: a shields.io endpoint badge ("network | online · 5/6 targets", "Netzwerk |
/// Online · 5/6 Ziele" in German); once the data is not fresh, grey with its age instead
/// ("network | stale · 3 h"): a status that old is no status.
public enum BadgeFeed {
    /// shields.io refuses to cache endpoint badges for less than five minutes.
    static let minimumCacheSeconds = 300

    /// The label `badgeLabel` defaults to, which a badge shows in its language.
    public static let defaultLabel = "network"

    public static func json(_ widgets: WidgetSet, context: FeedContext) -> JSONValue {
        let wording = context.wording
        let freshness = widgets.freshness(at: context.generatedAt)
        let stale = freshness.isStale
        let phrase: Phrase =
            switch widgets.overall {
            case .online: .online
            case .degraded: .degraded
            case .offline: .offline
            }
        var message = word(widgets.overall.rawValue, phrase, wording)
        if widgets.medium.targetsTotal > 0 {
            let (online, total) = (wording.integer(widgets.medium.targetsOnline), wording.integer(widgets.medium.targetsTotal))
            message += wording.separator + wording(.targetsAnswering, ["online": online, "total": total])
        }
        if let label = AgeText.label(freshness, snapshotAt: widgets.snapshotAt, timeZone: context.timeZone, wording) {
            message = isEnglish(wording) ? label.prefix(1).lowercased() + label.dropFirst() : label
        }
        let window = Int(widgets.expiresAt.timeIntervalSince(widgets.snapshotAt))
        let label = context.badgeLabel == defaultLabel ? wording(.badgeNetwork) : context.badgeLabel
        return .object([
            ("schemaVersion", .number(1)),
            ("label", .string(label)),
            ("message", .string(message)),
            ("color", .string(stale ? "lightgrey" : color(widgets.overall))),
            ("cacheSeconds", .number(Double(max(minimumCacheSeconds, window)))),
        ])
    }

    public static func bytes(_ widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        JSONWriter.bytes(json(widgets, context: context))
    }

    /// English keeps the badges' lower-case words ("up", "stale · 3 h"); another language its
    /// catalogue's word for the same.
    static func word(_ english: String, _ phrase: Phrase, _ wording: Wording) -> String {
        isEnglish(wording) ? english : wording(phrase)
    }

    static func isEnglish(_ wording: Wording) -> Bool { wording.catalogueName == "en" }

    /// The palette's status colours (emerald, amber, red) as shields.io hex colours.
    static func color(_ status: OverallStatus) -> String {
        switch status {
        case .online: return "10b981"
        case .degraded: return "f59e0b"
        case .offline: return "ef4444"
        }
    }
}
