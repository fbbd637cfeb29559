import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapSettings

/// Reads the `maintenance:` list strictly: each window once (`start`, `end`) or weekly
/// (`days`, `from`, `until`), with `targets` and a `note`.
enum MaintenanceReader {
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    static func windows(_ reader: ConfigurationReader) throws(ConfigurationError) -> [MaintenanceWindow] {
        var windows: [MaintenanceWindow] = []
        for item in try reader.sections("maintenance") ?? [] {
            try item.checkKeys(["start", "end", "days", "from", "until", "targets", "note"])
            let targets = try item.strings("targets") ?? []
            let note = try item.string("note")
            if let days = try item.strings("days", allowed: dayNames) {
                guard let from = try minutes(item, "from"), let until = try minutes(item, "until") else {
                    throw item.error("from", "a weekly window needs days, from and until")
                }
                guard from != until else { throw item.error("until", "from and until must differ") }
                let numbers = Set(days.compactMap { dayNames.firstIndex(of: $0).map { $0 + 1 } })
                windows.append(MaintenanceWindow(when: .weekly(days: numbers, from: from, until: until), targets: targets, note: note))
            } else {
                guard let start = try date(item, "start"), let end = try date(item, "end") else {
                    throw item.error("start", "a window needs start and end (RFC 3339), or days, from and until")
                }
                guard start < end else { throw item.error("end", "the window must end after it starts") }
                windows.append(MaintenanceWindow(when: .once(start: start, end: end), targets: targets, note: note))
            }
        }
        return windows
    }

    private static func minutes(_ reader: ConfigurationReader, _ key: String) throws(ConfigurationError) -> Int? {
        guard let text = try reader.string(key) else { return nil }
        guard let value = ClockWindow.minutes(text) else { throw reader.error(key, "expected a time such as \"02:00\", found \"\(text)\"") }
        return value
    }

    private static func date(_ reader: ConfigurationReader, _ key: String) throws(ConfigurationError) -> Date? {
        guard let text = try reader.string(key) else { return nil }
        guard let date = RFC3339.parse(text) else {
            throw reader.error(key, "expected an RFC 3339 time such as 2026-11-29T02:00:00+01:00, found \"\(text)\"")
        }
        return date
    }
}
