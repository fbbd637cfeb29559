import Foundation
import Testing

@testable import NetsnapJSON

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("2026-11-21T10:42:07Z", 1_795_257_727.0),
        ("2026-11-21t10:42:07z", 1_795_257_727.0),
        ("2026-11-21T12:42:07+02:00", 1_795_257_727.0),
        ("2026-11-21T10:42:07.5Z", 1_795_257_727.5),
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
    ])
    func rfc3339Parses(_ text: String, _ seconds: Double) {
        #expect(RFC3339.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2026-11-21", "2026-11-21T10:42Z", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-11-21T24:00:00Z", "2026-11-21T10:42:07+0200", "2026-11-21T10:42:07.Z", " 2026-11-21T10:42:07Z",
    ])
    func rfc3339RefusesNonDates(_ text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func rfc3339FormatsUTC() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_795_257_727)) == "2026-11-21T10:42:07Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_795_257_727.25)) == "2026-11-21T10:42:07.250Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }
}
