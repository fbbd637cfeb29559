import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// `ClockWindow`: "HH:MM" bounds, windows inside a day and across midnight, judged in the
/// time zone passed in.
@Suite struct ClockWindowTests {
    private let zurich = TimeZone(identifier: "Europe/Zurich")!

    private func date(_ text: String) -> Date { RFC3339.parse(text)! }

    @Test func readsOnlyWellFormedTimes() {
        #expect(ClockWindow.minutes("22:00") == 1_320)
        #expect(ClockWindow.minutes("00:00") == 0)
        #expect(ClockWindow.minutes("23:59") == 1_439)
        for bad in ["24:00", "7:00", "07:60", "0700", "+1:00", "07:00 ", "", "aa:bb", "07:0٠"] {
            #expect(ClockWindow.minutes(bad) == nil, "\(bad)")
        }
        #expect(ClockWindow.text(420) == "07:00" && ClockWindow.text(1_325) == "22:05")
    }

    @Test func aWindowSpanningMidnight() throws {
        let night = try #require(ClockWindow(from: 1_320, until: 420))  // 22:00–07:00
        #expect(night.contains(minute: 1_320) && night.contains(minute: 1_439) && night.contains(minute: 0) && night.contains(minute: 419))
        #expect(!night.contains(minute: 420) && !night.contains(minute: 720) && !night.contains(minute: 1_319))
    }

    @Test func aWindowInsideOneDay() throws {
        let nap = try #require(ClockWindow(from: 780, until: 840))  // 13:00–14:00
        #expect(nap.contains(minute: 780) && nap.contains(minute: 839))
        #expect(!nap.contains(minute: 840) && !nap.contains(minute: 0) && !nap.contains(minute: 779))
    }

    @Test func anEmptyOrOutOfRangeWindowIsNone() {
        #expect(ClockWindow(from: 420, until: 420) == nil)
        #expect(ClockWindow(from: -1, until: 420) == nil && ClockWindow(from: 0, until: 1_440) == nil)
    }

    @Test func judgedInTheGivenTimeZone() throws {
        let night = try #require(ClockWindow(from: 1_320, until: 420))
        // 21:30 UTC is 22:30 in Zurich in winter: night there, not yet in UTC.
        let evening = date("2026-11-21T21:30:00Z")
        #expect(night.contains(evening, timeZone: zurich))
        #expect(!night.contains(evening, timeZone: TimeZone(identifier: "UTC")!))
        // 06:30 UTC is 07:30 in Zurich: morning there, still night in UTC.
        let morning = date("2026-11-22T06:30:00Z")
        #expect(!night.contains(morning, timeZone: zurich))
        #expect(night.contains(morning, timeZone: TimeZone(identifier: "UTC")!))
        // In summer Zurich is UTC+2: 20:00 UTC is 22:00 there.
        #expect(night.contains(date("2026-07-01T20:00:00Z"), timeZone: zurich))
        #expect(!night.contains(date("2026-07-01T19:59:00Z"), timeZone: zurich))
    }
}
