import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

/// `badge.json`: a shields.io endpoint badge ("network | online · 5/6 targets"); once the
/// data is not fresh, grey with its age instead ("network | stale · 3 h"): a status that
/// old is no status.
public enum BadgeFeed {
    /// shields.io refuses to cache endpoint badges for less than five minutes.
    static let minimumCacheSeconds = 300

    public static func json(_ widgets: WidgetSet, context: FeedContext) -> JSONValue {
        let freshness = widgets.freshness(at: context.generatedAt)
        let stale = freshness.isStale
        var message = widgets.overall.rawValue
        if widgets.medium.targetsTotal > 0 {
            message += " · \(widgets.medium.targetsOnline)/\(widgets.medium.targetsTotal) targets"
        }
        if let label = AgeText.label(freshness, snapshotAt: widgets.snapshotAt, timeZone: context.timeZone) {
            message = label.prefix(1).lowercased() + label.dropFirst()
        }
        let window = Int(widgets.expiresAt.timeIntervalSince(widgets.snapshotAt))
        return .object([
            ("schemaVersion", .number(1)),
            ("label", .string(context.badgeLabel)),
            ("message", .string(message)),
            ("color", .string(stale ? "lightgrey" : color(widgets.overall))),
            ("cacheSeconds", .number(Double(max(minimumCacheSeconds, window)))),
        ])
    }

    public static func bytes(_ widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        JSONWriter.bytes(json(widgets, context: context))
    }

    /// The palette's status colours (emerald, amber, red) as shields.io hex colours.
    static func color(_ status: OverallStatus) -> String {
        switch status {
        case .online: return "10b981"
        case .degraded: return "f59e0b"
        case .offline: return "ef4444"
        }
    }
}
