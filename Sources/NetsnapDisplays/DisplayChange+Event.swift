import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

extension DisplayChange {
    /// The change as an event of the watch loop's history, feeds and notifications. Only the
    /// friendly id and numbers go into the text; the model and firmware, which come from
    /// headers, ride in `data` alone, where every consumer escapes them as data.
    package func event(timeZone: TimeZone) -> NetworkEvent {
        let id = record.friendlyID
        let name = "Display \(id)"
        let battery = record.batteryPercent.map { " (battery \($0) %)" } ?? ""
        let wording: NetworkEvent.Wording
        switch kind {
        case .batteryLow:
            let volts = record.batteryVolts.map { String(format: "%.2f V", $0) } ?? "?"
            wording = .init(
                title: "\(name) battery low", text: "\(name) reports \(volts), about \(record.batteryPercent ?? 0) %: charge it soon.",
                data: data(name: name))
        case .silent:
            wording = .init(
                title: "\(name) silent",
                text: "\(name) has not asked for a picture for \(AgeText.age(at.timeIntervalSince(record.lastSeen))), "
                    + "since \(AgeText.dayAndClock(record.lastSeen, timeZone))\(battery).",
                data: data(name: name))
        case .back:
            wording = .init(title: "\(name) back", text: "\(name) asks for pictures again\(battery).", data: data(name: name))
        }
        return NetworkEvent(kind: eventKind, occurredAt: at, subjectKey: "display-\(id)", wording: wording)
    }

    private var eventKind: NetworkEvent.Kind {
        switch kind {
        case .batteryLow: .displayBatteryLow
        case .silent: .displaySilent
        case .back: .displayBack
        }
    }

    private func data(name: String) -> [String: String] {
        var data = ["name": name, "display": record.friendlyID, "lastSeen": RFC3339.format(record.lastSeen)]
        data["model"] = record.model
        data["firmware"] = record.firmware
        data["batteryPercent"] = record.batteryPercent.map(String.init)
        data["batteryVolts"] = record.batteryVolts.map { String(format: "%.2f", $0) }
        return data
    }
}
