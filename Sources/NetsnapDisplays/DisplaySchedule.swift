import Foundation
import NetsnapModel
import NetsnapTiles

/// How often a TRMNL-style display wakes to ask for a new picture: its own setting, not the
/// watch interval — a battery panel that wakes every 30 s lasts days instead of months —
/// and, optionally, hours when it sleeps (no refresh at night). The `serve.trmnl:` section.
public struct DisplaySchedule: Sendable, Equatable {
    /// Seconds between refreshes (TRMNL's own default is 900).
    public var refreshSeconds: Int = 900
    /// The sleep window as minutes after local midnight; it may span midnight. Nil: no sleep.
    public var sleepFrom: Int?
    public var sleepUntil: Int?
    /// Seconds between refreshes while anything is down, degraded or stale, or has just
    /// changed: the wall shows news sooner. Never longer than `refreshSeconds`.
    public var alertRefreshSeconds: Int = 120
    /// A display whose battery (percent, on TRMNL's curve) is below this is low.
    public var lowBatteryPercent: Int = 20
    /// Displays mounted turned, inverted or with colour e-paper, by MAC address (`panels:`).
    public var panels: [DisplayPanelSettings] = []
    /// The screens every display shows in turn, one a wake, unless its panel says otherwise.
    public var screens: [TileScreen] = [.overview]

    public init(
        refreshSeconds: Int = 900, sleepFrom: Int? = nil, sleepUntil: Int? = nil, alertRefreshSeconds: Int = 120,
        lowBatteryPercent: Int = 20
    ) {
        self.refreshSeconds = refreshSeconds
        self.sleepFrom = sleepFrom
        self.sleepUntil = sleepUntil
        self.alertRefreshSeconds = alertRefreshSeconds
        self.lowBatteryPercent = lowBatteryPercent
    }

    /// The `refresh_rate` to hand a display at `date`: inside the sleep window, the seconds
    /// until it ends (never less than the usual rate), else the usual rate.
    public func refreshSeconds(at date: Date, timeZone: TimeZone) -> Int {
        guard let from = sleepFrom, let until = sleepUntil, from != until else { return refreshSeconds }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let asleep = from < until ? (minute >= from && minute < until) : (minute >= from || minute < until)
        guard asleep else { return refreshSeconds }
        let minutesLeft = (until - minute + 1_440) % 1_440
        return max(refreshSeconds, minutesLeft * 60 - (parts.second ?? 0))
    }
}
