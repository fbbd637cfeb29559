import Foundation
import NetsnapJSON

/// `displays.json` in the output folder: one entry per paired display that has talked to
/// this server — `id` (its friendly id), `mac` (null when outputs are redacted), `model`,
/// `firmware`, `batteryVolts`, `batteryPercent` (`BatteryCurve`), `rssi` (dBm), `lastSeen`,
/// `expectedBy` (last seen + the refresh rate it was given), `state` (`ok`, `low-battery`,
/// `silent`: `DisplayHealth`) and `lastLog` (its newest log line, or null). Absent values are
/// `null`, never zero; `expiresAt` says when the file will have been rewritten, as in every
/// JSON output. Pure: the records and the time come in, the document goes out.
package struct DisplaysFeed: Sendable {
    package var lowBatteryPercent: Int
    package var defaultRefreshSeconds: Int
    package var redact: Bool
    /// Seconds between rewrites: how long the document holds.
    package var periodSeconds: Int

    package init(lowBatteryPercent: Int, defaultRefreshSeconds: Int, redact: Bool, periodSeconds: Int) {
        self.lowBatteryPercent = lowBatteryPercent
        self.defaultRefreshSeconds = defaultRefreshSeconds
        self.redact = redact
        self.periodSeconds = periodSeconds
    }

    package func document(_ records: [DisplayRecord], now: Date) -> JSONValue {
        .object([
            ("generatedAt", .string(RFC3339.format(now))),
            ("expiresAt", .string(RFC3339.format(now.addingTimeInterval(TimeInterval(periodSeconds))))),
            ("lowBatteryPercent", .number(Double(lowBatteryPercent))),
            ("displays", .array(records.map { entry($0, now: now) })),
        ])
    }

    package func bytes(_ records: [DisplayRecord], now: Date) -> [UInt8] { JSONWriter.bytes(document(records, now: now)) }

    package func health(of record: DisplayRecord, now: Date) -> DisplayHealth {
        DisplayHealth(record, now: now, lowBatteryPercent: lowBatteryPercent, defaultRefreshSeconds: defaultRefreshSeconds)
    }

    private func entry(_ record: DisplayRecord, now: Date) -> JSONValue {
        func optional(_ number: Int?) -> JSONValue { number.map { .number(Double($0)) } ?? .null }
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object([
            ("id", .string(record.friendlyID)),
            ("mac", redact ? .null : .string(record.device.text)),
            ("model", optional(record.model)),
            ("firmware", optional(record.firmware)),
            ("batteryVolts", record.batteryVolts.map(JSONValue.number) ?? .null),
            ("batteryPercent", optional(record.batteryPercent)),
            ("rssi", optional(record.rssi)),
            ("lastSeen", .string(RFC3339.format(record.lastSeen))),
            ("expectedBy", .string(RFC3339.format(record.expectedBy(default: defaultRefreshSeconds)))),
            ("state", .string(health(of: record, now: now).rawValue)),
            ("lastLog", optional(record.logs.last?.message)),
        ])
    }
}
