import NetsnapLanguage
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

    init?(_ entries: [DisplayEntry], _ settings: PageSettings = PageSettings()) {
        guard !entries.isEmpty else { return nil }
        let wording = settings.wording
        count = PageFormat.count(entries.count, wording)
        rows = entries.map { entry in
            let firmware = entry.firmware.map { wording(PagePhrase.firmware, ["version": $0]) }
            let model = [entry.model, firmware].compactMap { $0 }.joined(separator: wording.separator)
            return Row(
                id: entry.id, model: model.isEmpty ? PageFormat.text(nil) : model, state: wording(Self.word(entry.state)),
                stateClass: ["ok", "low-battery", "silent"].contains(entry.state) ? entry.state : "unknown",
                battery: PageFormat.percent(entry.batteryPercent, wording), signal: PageFormat.dBm(entry.rssi, wording),
                lastSeen: PageFormat.clock(entry.lastSeen, wording, settings.timeZone), lastSeenAt: PageFormat.timestamp(entry.lastSeen),
                lastLog: entry.lastLog ?? "", hasLastLog: entry.lastLog != nil)
        }
    }

    static func word(_ state: String) -> PagePhrase {
        switch state {
        case "ok": .displayOK
        case "low-battery": .batteryLow
        case "silent": .silent
        default: .unknown
        }
    }
}
