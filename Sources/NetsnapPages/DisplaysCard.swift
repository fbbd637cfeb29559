import NetsnapModel

/// The dashboard's Displays card: each wall display's state, battery, signal, when it was
/// last seen and the newest line of its log. Absent (the card hidden) while no display has
/// talked to the server.
struct DisplaysCard: Sendable {
    struct Row: Sendable {
        let id: String
        let model: String
        let state: String
        let stateClass: String
        let battery: String
        let signal: String
        let lastSeen: String
        let lastSeenAt: String
        let lastLog: String
        let hasLastLog: Bool
    }

    let rows: [Row]
    let count: String

    init?(_ entries: [DisplayEntry]) {
        guard !entries.isEmpty else { return nil }
        count = PageFormat.count(entries.count)
        rows = entries.map { entry in
            let model = [entry.model, entry.firmware.map { "firmware \($0)" }].compactMap { $0 }.joined(separator: " · ")
            return Row(
                id: entry.id, model: model.isEmpty ? PageFormat.text(nil) : model, state: Self.word(entry.state),
                stateClass: ["ok", "low-battery", "silent"].contains(entry.state) ? entry.state : "unknown",
                battery: PageFormat.percent(entry.batteryPercent), signal: PageFormat.dBm(entry.rssi),
                lastSeen: PageFormat.clock(entry.lastSeen), lastSeenAt: PageFormat.timestamp(entry.lastSeen),
                lastLog: entry.lastLog ?? "", hasLastLog: entry.lastLog != nil)
        }
    }

    static func word(_ state: String) -> String {
        switch state {
        case "ok": "OK"
        case "low-battery": "Battery low"
        case "silent": "Silent"
        default: "Unknown"
        }
    }
}
