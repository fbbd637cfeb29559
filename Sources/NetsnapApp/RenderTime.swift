import Foundation
import NetsnapJSON
import NetsnapModel

/// Times given on the command line: the render time (the clock, or `--now` for reproducible
/// output) and every other RFC 3339 option (`--at`, `--from`, `--until`).
public enum RenderTime {
    public static func parse(_ text: String?) throws(ApplicationFailure) -> Date { try date(text, "--now") ?? Date() }

    /// The time `flag` was given as; nil when it was not given.
    public static func date(_ text: String?, _ flag: String) throws(ApplicationFailure) -> Date? {
        guard let text else { return nil }
        guard let date = RFC3339.parse(text) else {
            throw ApplicationFailure(.usage, "error: \(flag): \"\(text)\" is not an RFC 3339 date such as 2026-11-21T10:42:07Z")
        }
        return date
    }
}
