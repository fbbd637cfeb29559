import Foundation
import NetsnapJSON

/// `sites.json`: one entry per site, worst first, and when the wall expires.
enum SitesDocument {
    static let path = "sites.json"

    static func bytes(_ entries: [SiteEntry], now: Date, expiresAt: Date) -> [UInt8] {
        let counts = SiteState.allCases.map { state in
            (key: state.rawValue, value: JSONValue.number(Double(entries.count { $0.state == state })))
        }
        let document = JSONValue.object([
            ("generatedAt", .string(RFC3339.format(now))),
            ("expiresAt", .string(RFC3339.format(expiresAt))),
            ("total", .number(Double(entries.count))),
            ("counts", .object(counts)),
            ("sites", .array(entries.map(json))),
        ])
        return JSONWriter.bytes(document)
    }

    static func json(_ entry: SiteEntry) -> JSONValue {
        .object([
            ("id", .string(entry.id)),
            ("name", .string(entry.name)),
            ("state", .string(entry.state.rawValue)),
            ("snapshotAt", entry.snapshotAt.map { .string(RFC3339.format($0)) } ?? .null),
            ("ageSeconds", entry.ageSeconds.map { .number($0.rounded()) } ?? .null),
            ("expiresAt", entry.expiresAt.map { .string(RFC3339.format($0)) } ?? .null),
            ("targets", .object([("up", .number(Double(entry.targetsUp))), ("down", .number(Double(entry.targetsDown)))])),
            ("devices", .object([("active", .number(Double(entry.devicesActive))), ("total", .number(Double(entry.devicesTotal)))])),
            ("error", entry.error.map { .string($0) } ?? .null),
            ("href", .string(entry.href)),
        ])
    }
}
