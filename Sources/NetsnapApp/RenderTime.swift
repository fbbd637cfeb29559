import Foundation
import NetsnapJSON
import NetsnapModel

/// The render time: the clock, or `--now` for reproducible output.
enum RenderTime {
    static func parse(_ text: String?) throws(ApplicationFailure) -> Date {
        guard let text else { return Date() }
        guard let date = RFC3339.parse(text) else {
            throw ApplicationFailure(.usage, "error: --now: \"\(text)\" is not an RFC 3339 date such as 2026-11-21T10:42:07Z")
        }
        return date
    }
}
