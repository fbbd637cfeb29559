import Foundation

/// A daily span of wall-clock time, such as 22:00–07:00: a display's sleep hours, or the
/// hours a page and its tiles turn to the night theme. It may span midnight; it is judged
/// in a time zone the caller passes, so whoever holds one stays free of the host's clock.
public struct ClockWindow: Sendable, Equatable {
    /// Minutes after local midnight, 0–1439; the window runs from `from` up to, not
    /// including, `until`.
    public let from: Int
    public let until: Int

    /// Nil when the two times are equal: an empty window (or a whole day) says nothing.
    public init?(from: Int, until: Int) {
        guard (0..<Self.minutesPerDay).contains(from), (0..<Self.minutesPerDay).contains(until), from != until else {
            return nil
        }
        self.from = from
        self.until = until
    }

    static let minutesPerDay = 1_440

    /// Minutes after midnight for "HH:MM" (00:00–23:59); nil for anything else.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// "HH:MM" for minutes after midnight.
    public static func text(_ minutes: Int) -> String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The minute of the day `date` falls on in `timeZone`.
    public static func minuteOfDay(_ date: Date, timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// True when `minute` (after local midnight) lies inside the window.
    public func contains(minute: Int) -> Bool {
        from < until ? (minute >= from && minute < until) : (minute >= from || minute < until)
    }

    /// True when `date`, told in `timeZone`, lies inside the window.
    public func contains(_ date: Date, timeZone: TimeZone) -> Bool {
        contains(minute: Self.minuteOfDay(date, timeZone: timeZone))
    }
}
