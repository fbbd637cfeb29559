import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

/// `summary.json`: one flat object for Home Assistant's REST sensor (`state` ≤ 255
/// characters, the rest as attributes) and Homepage's `customapi` widget. Absent values
/// are `null`, never zero. `stale` (a JSON boolean) says whether the data was not fresh when
/// rendered — past its freshness window, or dated implausibly ahead — `ageSeconds` how old
/// it was, `freshness` which case (`fresh`, `stale`, `clockAhead`) and `freshnessText` the
/// same in words ("Stale · 8 min"), `problem` what failed behind them (or null); consumers compare `expiresAt`
/// with their own clock.
public enum SummaryFeed {
    public static func json(_ widgets: WidgetSet, context: FeedContext) -> JSONValue {
        let medium = widgets.medium
        let large = widgets.large
        return .object([
            ("state", .string(widgets.overall.rawValue)),
            ("stale", .bool(widgets.isStale(at: context.generatedAt))),
            ("ageSeconds", context.ageSeconds(widgets)),
            ("freshness", .string(widgets.freshness(at: context.generatedAt).name)),
            ("freshnessText", .string(context.freshnessText(widgets))),
            // Why something behind the outputs failed (the history could not be written), or null.
            ("problem", .optional(context.problem)),
            ("networkName", .string(medium.networkName)),
            ("connectionType", .string(medium.connectionType.rawValue)),
            ("signalBars", .optional(medium.signalBars)),
            ("signalDBm", .optional(medium.signalDBm)),
            // Where a wired or cellular link shows instead of signal: "Ethernet · 1 Gb/s".
            ("linkLabel", .optional(medium.linkLabel)),
            ("linkSpeedMbps", .optional(medium.linkSpeedMbps)),
            ("gatewayLatencyMs", .optional(medium.gatewayLatencyMs)),
            // For dashboards that show text as it comes (Homepage): "4.2 ms" ("4,2 ms" in German),
            // or "—" when not measured.
            (
                "gatewayLatencyText",
                .string(medium.gatewayLatencyMs.map { LatencyText.format($0, oneDecimalBelow: 99.95, context.wording) } ?? "\u{2014}")
            ),
            ("targetsOnline", .number(Double(medium.targetsOnline))),
            ("targetsOffline", .number(Double(medium.targetsTotal - medium.targetsOnline))),
            ("targetsTotal", .number(Double(medium.targetsTotal))),
            ("devicesActive", .number(Double(large.devicesActive))),
            ("devicesTotal", .number(Double(large.devicesTotal))),
            ("publicIP", .optional(medium.publicIP)),
            ("ispName", .optional(large.ispName)),
            ("maintenance", context.maintenanceValue(widgets)),
            ("snapshotAt", .date(widgets.snapshotAt)),
            ("expiresAt", .date(widgets.expiresAt)),
        ])
    }

    public static func bytes(_ widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        JSONWriter.bytes(json(widgets, context: context))
    }
}
