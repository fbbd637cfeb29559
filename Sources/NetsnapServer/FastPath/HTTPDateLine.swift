import Foundation

/// The `Date` field's value, formatted once a second rather than once a response.
struct HTTPDateLine {
    private var second = time_t(-1)
    private var text = ""

    mutating func current() -> String {
        let now = time(nil)
        if now != second {
            second = now
            text = HTTPDate.format(Date(timeIntervalSince1970: TimeInterval(now)))
        }
        return text
    }
}
