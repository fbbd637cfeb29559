import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

/// `widgets.json`: the three widget models with their times, the format every other
/// renderer and outside consumer reads. Described by `docs/widgets.schema.json`.
public enum WidgetsFeed {
    /// Version of the widgets.json format (not of the snapshot).
    public static let schemaVersion = 1

    public static func json(_ widgets: WidgetSet, context: FeedContext) -> JSONValue {
        .object([
            ("schemaVersion", .number(Double(schemaVersion))),
            ("generatedAt", .date(context.generatedAt)),
            ("snapshotAt", .date(widgets.snapshotAt)),
            ("expiresAt", .date(widgets.expiresAt)),
            ("stale", .bool(widgets.isStale(at: context.generatedAt))),
            ("freshness", .string(widgets.freshness(at: context.generatedAt).name)),
            ("ageSeconds", context.ageSeconds(widgets)),
            ("redacted", .bool(context.redacted)),
            ("overall", .string(widgets.overall.rawValue)),
            ("maintenance", context.maintenanceValue(widgets)),
            ("small", .object(smallMembers(widgets.small))),
            ("medium", .object(mediumMembers(widgets.medium))),
            ("large", .object(largeMembers(widgets.large))),
            ("history", widgets.history.map(historyValue) ?? .null),
            ("dashboard", .object(dashboardMembers(widgets.dashboard))),
            ("speed", widgets.speed.map { speedValue($0, context: context) } ?? .null),
        ])
    }

    /// The newest speed measurement as the snapshot has it, with its age at the render.
    private static func speedValue(_ speed: SpeedResult, context: FeedContext) -> JSONValue {
        guard case .object(var members) = speed.jsonValue else { return .null }
        members.append(("ageSeconds", .number(context.generatedAt.timeIntervalSince(speed.measuredAt).rounded())))
        return .object(members)
    }

    public static func bytes(_ widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        JSONWriter.bytes(json(widgets, context: context))
    }

    /// Uptime per target and latency (loss, jitter) series (oldest point first), for sparklines.
    private static func historyValue(_ history: HistorySummary) -> JSONValue {
        func series(_ line: HistorySummary.LatencySeries) -> JSONValue {
            .object([
                ("bucketSeconds", .number(Double(line.bucketSeconds))),
                ("endsAt", .date(line.endsAt)),
                ("points", .array(line.points.map { JSONValue.optional($0) })),
            ])
        }
        let speed = history.speed.map { speed in
            JSONValue.object([("download", series(speed.download)), ("upload", series(speed.upload))])
        }
        return .object([
            ("gatewayLatency", series(history.gatewayLatency)),
            ("speed", speed ?? .null),
            (
                "targets",
                .array(
                    history.targets.map { target in
                        .object([
                            ("name", .string(target.name)),
                            ("uptime24h", .optional(target.uptime24h)),
                            ("uptime7d", .optional(target.uptime7d)),
                            ("latency", series(target.latency)),
                            ("lossPercent", target.lossPercent.map(series) ?? .null),
                            ("jitterMs", target.jitterMs.map(series) ?? .null),
                        ])
                    })
            ),
        ])
    }

    private static func smallMembers(_ small: SmallWidget) -> [(key: String, value: JSONValue)] {
        [
            ("overall", .string(small.overall.rawValue)),
            ("connectionType", .string(small.connectionType.rawValue)),
            ("networkName", .string(small.networkName)),
            ("signalBars", .optional(small.signalBars)),
            ("signalDBm", .optional(small.signalDBm)),
            ("linkLabel", .optional(small.linkLabel)),
            ("linkSpeedMbps", .optional(small.linkSpeedMbps)),
            ("interfaceName", .optional(small.interfaceName)),
        ]
    }

    private static func mediumMembers(_ medium: MediumWidget) -> [(key: String, value: JSONValue)] {
        smallMembers(medium.small) + [
            ("gatewayLatencyMs", .optional(medium.gatewayLatencyMs)),
            ("targetsOnline", .number(Double(medium.targetsOnline))),
            ("targetsTotal", .number(Double(medium.targetsTotal))),
            ("publicIP", .optional(medium.publicIP)),
        ]
    }

    static func targetObject(_ target: LargeWidget.TargetRow) -> JSONValue {
        .object([
            ("name", .string(target.name)),
            ("host", .string(target.host)),
            ("protocol", .string(target.probeProtocol.rawValue)),
            ("isOnline", .bool(target.isOnline)),
            ("latencyMs", .optional(target.latencyMs)),
            ("lossPercent", .optional(target.lossPercent)),
            ("jitterMs", .optional(target.jitterMs)),
            ("state", .string(target.state.rawValue)),
            ("lastError", .optional(target.lastError)),
            ("lastErrorAt", target.lastErrorAt.map(JSONValue.date) ?? .null),
            ("uptime24h", .optional(target.uptime24h)),
        ])
    }

    private static func largeMembers(_ large: LargeWidget) -> [(key: String, value: JSONValue)] {
        let targets = large.topTargets.map(targetObject)
        let devices = large.recentDevices.map { device in
            JSONValue.object([
                ("displayName", .string(device.displayName)),
                ("ipAddress", .optional(device.ipAddress)),
                ("deviceType", .string(device.deviceType.rawValue)),
                ("firstSeen", .date(device.firstSeen)),
            ])
        }
        return mediumMembers(large.medium) + [
            ("band", .optional(large.band)),
            ("channel", .optional(large.channel)),
            ("gatewayIP", .optional(large.gatewayIP)),
            ("ispName", .optional(large.ispName)),
            ("asn", .optional(large.asn)),
            ("topTargets", .array(targets)),
            ("devicesTotal", .number(Double(large.devicesTotal))),
            ("devicesActive", .number(Double(large.devicesActive))),
            ("recentDevices", .array(devices)),
            ("updatedAt", .date(large.updatedAt)),
        ]
    }
}
