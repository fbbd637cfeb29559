import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

/// `badges/<target-slug>.json`: a shields.io endpoint badge per target ("Home Assistant |
/// up · 24 ms"), green while it answers, amber while degraded ("degraded · 12 ms · 20 % loss ·
/// 4.5 ms jitter"), red while down, grey with "stale ·" when the
/// snapshot was already stale. Names come from the (redacted when configured) widgets and
/// are escaped by the JSON writer like every other string.
public enum TargetBadgeFeed {
    /// The folder the badges go in, below the output folder.
    public static let folder = "badges"

    /// One badge per target, in snapshot order: its file name (`<slug>.json`, slugs made
    /// unique) and its JSON.
    public static func badges(_ widgets: WidgetSet, context: FeedContext) -> [(fileName: String, json: JSONValue)] {
        let targets = widgets.dashboard.targets
        let stale = widgets.isStale(at: context.generatedAt)
        let freshness = Int(widgets.expiresAt.timeIntervalSince(widgets.snapshotAt))
        return zip(targets, Slug.unique(targets.map(\.name))).map { target, slug in
            let wording = context.wording
            var message =
                target.isOnline
                ? (target.isDegraded ? BadgeFeed.word("degraded", .degraded, wording) : BadgeFeed.word("up", .online, wording))
                : BadgeFeed.word("down", .down, wording)
            if target.isOnline, let latency = target.latencyMs {
                message += wording.separator + LatencyText.format(latency, oneDecimalBelow: 10, wording)
            }
            if target.isDegraded,
                let quality = QualityText.format(lossPercent: target.lossPercent, jitterMs: target.jitterMs, wording)
            {
                message += wording.separator + quality
            }
            if stale { message = BadgeFeed.word("stale", .stale, wording) + wording.separator + message }
            let color = stale ? "lightgrey" : BadgeFeed.color(target.state)
            let json = JSONValue.object([
                ("schemaVersion", .number(1)),
                ("label", .string(target.name)),
                ("message", .string(message)),
                ("color", .string(color)),
                ("cacheSeconds", .number(Double(max(BadgeFeed.minimumCacheSeconds, freshness)))),
            ])
            return (fileName: "\(slug).json", json: json)
        }
    }

    /// The badges as files: `badges/<slug>.json` and its bytes.
    public static func files(_ widgets: WidgetSet, context: FeedContext) -> [(path: String, bytes: [UInt8])] {
        badges(widgets, context: context).map { (path: "\(folder)/\($0.fileName)", bytes: JSONWriter.bytes($0.json)) }
    }
}
