import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import Testing

@testable import NetsnapPages

@Suite struct PageFormatTests {
    @Test func latencyHasOneDecimalBelowAHundredAndRoundsHalfUp() {
        #expect(PageFormat.latency(4.2) == "4.2 ms")
        #expect(PageFormat.latency(12) == "12.0 ms")
        #expect(PageFormat.latency(0.25) == "0.3 ms")
        #expect(PageFormat.latency(99.96) == "100 ms")
        #expect(PageFormat.latency(148.5) == "149 ms")
        #expect(PageFormat.latency(nil) == "—")
    }

    @Test func countsAreGroupedByThousands() {
        #expect(PageFormat.count(0) == "0")
        #expect(PageFormat.count(999) == "999")
        #expect(PageFormat.count(1_000) == "1,000")
        #expect(PageFormat.count(9_800) == "9,800")
        #expect(PageFormat.count(1_234_567) == "1,234,567")
    }

    @Test func timesAndDurations() {
        #expect(PageFormat.clock(RFC3339.parse("2026-11-21T10:42:07Z")) == "10:42 UTC")
        #expect(PageFormat.duration(30) == "under 1 min")
        #expect(PageFormat.duration(5 * 60 + 10) == "5 min")
        #expect(PageFormat.duration(2 * 3600 + 42 * 60) == "2 h 42 min")
        #expect(PageFormat.duration(3 * 86_400 + 4 * 3600) == "3 d 4 h")
    }

    @Test func wordsAndSignal() {
        #expect(PageFormat.dBm(-58) == "−58 dBm")
        #expect(PageFormat.word("online") == "Online")
        #expect(PageFormat.word("iot") == "IoT")
        #expect(PageFormat.joined(["Zurich", nil], .posix) == "Zurich")
        #expect(PageFormat.joined([nil, ""], .posix) == "—")
        #expect(PageFormat.joined(["Zurich", "CH"], .posix) == "Zurich, CH")
        #expect(PageFormat.joined(["Zurich", "CH"], Wording(locale: "ar-EG")!) == "Zurich، CH")
        #expect(PageFormat.more(0) == "")
        #expect(PageFormat.more(9_800) == "and 9,800 more")
    }
}
