import Foundation

/// RFC 3339 timestamps: parsed with or without fractional seconds and with `Z` or an
/// offset; written in UTC. Hand-rolled because a snapshot of 100,000 devices holds
/// 200,000 dates and `ISO8601DateFormatter` is two orders of magnitude slower.
public enum RFC3339 {
    /// The date in `text`, or nil when it is not an RFC 3339 date-time.
    public static func parse(_ text: String) -> Date? {
        ByteView.with(text) { parse(bytes: $0) }
    }

    /// The date in the UTF-8 text `utf8`, or nil: for text read straight from a document's
    /// bytes (`FlatObjectArrayScanner.Object.utf8`).
    public static func parse(utf8: ArraySlice<UInt8>) -> Date? {
        ByteView.with(utf8) { parse(bytes: $0) }
    }

    /// `date` in UTC, e.g. `2026-11-21T10:42:07Z`; milliseconds are kept when present.
    /// Written digit by digit: outputs format hundreds of thousands of dates.
    public static func format(_ date: Date) -> String {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        var seconds = Int64((totalMilliseconds / 1000).rounded(.down))
        let milliseconds = Int(totalMilliseconds - Double(seconds) * 1000)
        let days = Int(floorDivide(seconds, 86_400))
        seconds -= Int64(days) * 86_400
        let (year, month, day) = civil(fromDays: days)
        let clock = Int(seconds)
        return ASCIIBuffer.string(capacity: 24) { buffer in
            var position = 0
            func put(_ value: Int, digits: Int) {
                var value = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer.write(UInt8(48 + value % 10), at: position + offset)
                    value /= 10
                }
                position += digits
            }
            func put(_ byte: UInt8) {
                buffer.write(byte, at: position)
                position += 1
            }
            put(min(max(year, 0), 9999), digits: 4)
            put(45)
            put(month, digits: 2)
            put(45)
            put(day, digits: 2)
            put(84)
            put(clock / 3600, digits: 2)
            put(58)
            put(clock % 3600 / 60, digits: 2)
            put(58)
            put(clock % 60, digits: 2)
            if milliseconds != 0 {
                put(46)
                put(milliseconds, digits: 3)
            }
            put(90)
            return position
        }
    }

    private static func parse(bytes: ByteView) -> Date? {
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[position]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                position += 1
            }
            return value
        }
        func literal(_ allowed: UInt8...) -> Bool {
            guard position < bytes.count, allowed.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), literal(45), let month = digits(2), literal(45), let day = digits(2),
            literal(84, 116), let hour = digits(2), literal(58), let minute = digits(2), literal(58),
            let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if position < bytes.count, bytes[position] == 46 {
            position += 1
            var scale = 0.1
            let start = position
            while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
                fraction += Double(bytes[position] - 48) * scale
                scale /= 10
                position += 1
            }
            guard position > start else { return nil }
        }
        var offsetSeconds = 0
        if literal(90, 122) {
            offsetSeconds = 0
        } else if position < bytes.count, bytes[position] == 43 || bytes[position] == 45 {
            let sign = bytes[position] == 45 ? -1 : 1
            position += 1
            guard let offsetHour = digits(2), literal(58), let offsetMinute = digits(2), offsetHour < 24,
                offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }
        // A leap second (":60") is read as the last second of its minute.
        let days = days(fromCivilYear: year, month: month, day: day)
        let clock = hour * 3600 + minute * 60 + min(second, 59)
        let seconds = Double(days * 86_400 + clock - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    private static func days(fromCivilYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
