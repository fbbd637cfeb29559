import Foundation
import NetsnapJSON
import NetsnapModel

/// The record as kept in the state folder's `displays.json`, and read back after a restart.
/// Reading is forgiving: a value of the wrong kind is dropped, a record without a usable
/// MAC address or last-seen time is skipped — a damaged file loses data, never the server.
extension DisplayRecord {
    package var stateJSON: JSONValue {
        .object([
            ("mac", .string(device.text)),
            ("model", model.map(JSONValue.string) ?? .null),
            ("firmware", firmware.map(JSONValue.string) ?? .null),
            ("batteryVolts", batteryVolts.map(JSONValue.number) ?? .null),
            ("rssi", rssi.map { .number(Double($0)) } ?? .null),
            ("width", width.map { .number(Double($0)) } ?? .null),
            ("height", height.map { .number(Double($0)) } ?? .null),
            ("refreshSeconds", refreshSeconds.map { .number(Double($0)) } ?? .null),
            ("answeredRefreshSeconds", answeredRefreshSeconds.map { .number(Double($0)) } ?? .null),
            ("lastSeen", .string(RFC3339.format(lastSeen))),
            ("lastAnswer", lastAnswer?.stateJSON ?? .null),
            ("logs", .array(logs.map(\.stateJSON))),
        ])
    }

    package init?(state: JSONValue) {
        guard case .string(let mac)? = state["mac"], let device = MACAddress(mac),
            case .string(let seen)? = state["lastSeen"], let lastSeen = RFC3339.parse(seen)
        else { return nil }
        self.init(device: device, lastSeen: lastSeen)
        model = state.text("model").flatMap(DisplayReport.text)
        firmware = state.text("firmware").flatMap(DisplayReport.text)
        batteryVolts = state.number("batteryVolts")
        rssi = state.number("rssi").map { Int($0) }
        width = state.number("width").map { Int($0) }
        height = state.number("height").map { Int($0) }
        refreshSeconds = state.number("refreshSeconds").map { Int($0) }
        answeredRefreshSeconds = state.number("answeredRefreshSeconds").map { Int($0) }
        lastAnswer = state["lastAnswer"].flatMap(DisplayAnswer.init(state:))
        if case .array(let entries)? = state["logs"] {
            append(entries.compactMap(DisplayLogEntry.init(state:)))
        }
    }
}

extension DisplayLogEntry {
    package var stateJSON: JSONValue {
        .object([
            ("receivedAt", .string(RFC3339.format(receivedAt))),
            ("createdAt", createdAt.map { .string(RFC3339.format($0)) } ?? .null),
            ("level", level.map(JSONValue.string) ?? .null),
            ("source", source.map(JSONValue.string) ?? .null),
            ("message", .string(message)),
        ])
    }

    package init?(state: JSONValue) {
        guard let received = state.text("receivedAt").flatMap(RFC3339.parse), let message = state.text("message") else { return nil }
        self.init(
            receivedAt: received, createdAt: state.text("createdAt").flatMap(RFC3339.parse), level: state.text("level"),
            source: state.text("source"), message: message)
    }
}

extension JSONValue {
    /// The string member `key`, or nil.
    func text(_ key: String) -> String? {
        guard case .string(let text)? = self[key] else { return nil }
        return text
    }

    /// The finite number member `key` within ±1e9, or nil.
    func number(_ key: String) -> Double? {
        guard case .number(let number)? = self[key], number.isFinite, abs(number) < 1e9 else { return nil }
        return number
    }
}
