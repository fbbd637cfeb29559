import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel

extension DisplayChange {
    /// The change as an event of the watch loop's history, feeds and notifications, in
    /// `wording`'s language. Only the friendly id and numbers go into the text; the model and
    /// firmware, which come from headers, ride in `data` alone, where every consumer escapes
    /// them as data.
    package func event(timeZone: TimeZone, wording: Wording = .posix) -> NetworkEvent {
        let id = record.friendlyID
        let name = wording(EventPhrase.display, ["id": id])
        let percent = record.batteryPercent.map(wording.integer)
        let told: NetworkEvent.Wording
        switch kind {
        case .batteryLow:
            let volts = record.batteryVolts.map { wording.decimal($0, fractionDigits: 2) + " V" } ?? "?"
            told = .init(
                title: wording(EventPhrase.displayBatteryLow, ["name": name]),
                text: wording(EventPhrase.displayCharge, ["name": name, "volts": volts, "percent": percent ?? wording.integer(0)]),
                data: data())
        case .silent:
            let age = wording.age(at.timeIntervalSince(record.lastSeen))
            let date = wording.dayAndClock(record.lastSeen, timeZone)
            let text =
                percent.map { wording(EventPhrase.displayNotAskingBattery, ["name": name, "age": age, "date": date, "percent": $0]) }
                ?? wording(EventPhrase.displayNotAsking, ["name": name, "age": age, "date": date])
            told = .init(title: wording(EventPhrase.displaySilent, ["name": name]), text: text, data: data())
        case .back:
            let text =
                percent.map { wording(EventPhrase.displayAsksAgainBattery, ["name": name, "percent": $0]) }
                ?? wording(EventPhrase.displayAsksAgain, ["name": name])
            told = .init(title: wording(EventPhrase.displayBack, ["name": name]), text: text, data: data())
        }
        return NetworkEvent(kind: eventKind, occurredAt: at, subjectKey: "display-\(id)", wording: told)
    }

    private var eventKind: NetworkEvent.Kind {
        switch kind {
        case .batteryLow: .displayBatteryLow
        case .silent: .displaySilent
        case .back: .displayBack
        }
    }

    /// The machine fields, the same in every language ("Display 1A2B3C" as `name`).
    private func data() -> [String: String] {
        var data = ["name": "Display \(record.friendlyID)", "display": record.friendlyID, "lastSeen": RFC3339.format(record.lastSeen)]
        data["model"] = record.model
        data["firmware"] = record.firmware
        data["batteryPercent"] = record.batteryPercent.map(String.init)
        data["batteryVolts"] = record.batteryVolts.map { String(format: "%.2f", $0) }
        return data
    }
}
