import Foundation

/// How a display is doing, from what it last said and when: `ok`, `low-battery` (its charge
/// under the configured percentage) or `silent` (not seen for three of its refresh periods;
/// silence wins, as a silent display's battery reading is old news).
package enum DisplayHealth: String, Sendable, Equatable {
    case ok
    case lowBattery = "low-battery"
    case silent

    /// Missed wakes before a display counts as silent.
    package static let silentPeriods = 3

    package init(_ record: DisplayRecord, now: Date, lowBatteryPercent: Int, defaultRefreshSeconds: Int) {
        let period = TimeInterval(record.expectedRefreshSeconds(default: defaultRefreshSeconds))
        if now.timeIntervalSince(record.lastSeen) > period * TimeInterval(Self.silentPeriods) {
            self = .silent
        } else if let percent = record.batteryPercent, percent < lowBatteryPercent {
            self = .lowBattery
        } else {
            self = .ok
        }
    }
}

extension DisplayRecord {
    /// The charge on TRMNL's curve; nil when the display never said its voltage.
    package var batteryPercent: Int? { batteryVolts.map { BatteryCurve.percent(volts: $0) } }

    /// Seconds until the display should ask again: the `refresh_rate` this server last
    /// answered it, else the rate its own header gave, else `default`.
    package func expectedRefreshSeconds(default: Int) -> Int { answeredRefreshSeconds ?? refreshSeconds ?? `default` }

    package func expectedBy(default: Int) -> Date { lastSeen.addingTimeInterval(TimeInterval(expectedRefreshSeconds(default: `default`))) }
}
