import NetsnapModel
import NetsnapWidgets

/// `summary.json`: one flat object for Home Assistant's REST sensor (`state` ≤ 255
/// characters, the rest as attributes) and Homepage's `customapi` widget. Absent values
/// are `null`, never zero. `stale` says whether the snapshot was already past its
/// freshness window when rendered; consumers compare `expiresAt` with their own clock.
/// It holds no render time, so its bytes (and ETag) change only when the data does.
public enum SummaryFeed {
    public static func json(_ widgets: WidgetSet, context: FeedContext) -> JSONValue {
        let medium = widgets.medium
        let large = widgets.large
        let stale = widgets.isStale(at: context.generatedAt)
        return .object([
            ("state", .string(widgets.overall.rawValue)),
            ("stale", .string(stale ? "yes" : "no")),
            ("networkName", .string(medium.networkName)),
            ("connectionType", .string(medium.connectionType.rawValue)),
            ("signalBars", .optional(medium.signalBars)),
            ("signalDBm", .optional(medium.signalDBm)),
            ("gatewayLatencyMs", .optional(medium.gatewayLatencyMs)),
            ("targetsOnline", .number(Double(medium.targetsOnline))),
            ("targetsOffline", .number(Double(medium.targetsTotal - medium.targetsOnline))),
            ("targetsTotal", .number(Double(medium.targetsTotal))),
            ("devicesActive", .number(Double(large.devicesActive))),
            ("devicesTotal", .number(Double(large.devicesTotal))),
            ("publicIP", .optional(medium.publicIP)),
            ("ispName", .optional(large.ispName)),
            ("snapshotAt", .date(widgets.snapshotAt)),
            ("expiresAt", .date(widgets.expiresAt)),
        ])
    }

    public static func bytes(_ widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        JSONWriter.bytes(json(widgets, context: context))
    }
}
