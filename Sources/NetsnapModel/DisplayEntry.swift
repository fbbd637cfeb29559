import Foundation
import NetsnapJSON

/// One wall display as `displays.json` (written by `serve`) describes it, for the
/// dashboard's Displays card and Home Assistant. Read forgivingly: an entry without an id
/// of six hex digits (it names MQTT topics), a state or a last-seen time is skipped; text is
/// hostile (it came from the display's headers and log) and is escaped wherever it is shown.
public struct DisplayEntry: Sendable, Equatable {
    public var id: String
    public var model: String?
    public var firmware: String?
    public var batteryPercent: Int?
    public var rssi: Int?
    public var lastSeen: Date
    /// `ok`, `low-battery` or `silent`.
    public var state: String
    public var lastLog: String?

    public init(
        id: String, model: String?, firmware: String?, batteryPercent: Int?, rssi: Int?, lastSeen: Date, state: String,
        lastLog: String?
    ) {
        self.id = id
        self.model = model
        self.firmware = firmware
        self.batteryPercent = batteryPercent
        self.rssi = rssi
        self.lastSeen = lastSeen
        self.state = state
        self.lastLog = lastLog
    }

    private static let hexDigits = Set("0123456789ABCDEF".utf8)

    /// The most displays the card lists.
    public static let limit = 32

    /// The entries of a `displays.json` document; empty for anything unreadable.
    public static func entries(fromDisplaysJSON bytes: [UInt8]) -> [DisplayEntry] {
        guard let document = try? JSONParser.parse(bytes), case .array(let items)? = document["displays"] else { return [] }
        return Array(items.compactMap(DisplayEntry.init(json:)).prefix(limit))
    }

    init?(json: JSONValue) {
        func text(_ key: String) -> String? {
            guard case .string(let value)? = json[key] else { return nil }
            return String(value.prefix(256))
        }
        func integer(_ key: String) -> Int? {
            guard case .number(let value)? = json[key], value.isFinite, abs(value) < 1e6 else { return nil }
            return Int(value)
        }
        guard let id = text("id"), id.utf8.count == 6, id.utf8.allSatisfy({ Self.hexDigits.contains($0) }), let state = text("state"),
            let seen = text("lastSeen").flatMap(RFC3339.parse)
        else { return nil }
        self.init(
            id: id, model: text("model"), firmware: text("firmware"), batteryPercent: integer("batteryPercent"), rssi: integer("rssi"),
            lastSeen: seen, state: state, lastLog: text("lastLog"))
    }
}
