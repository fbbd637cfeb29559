import Testing

@testable import NetsnapHistory

/// The time retention prunes by, through every kind of clock step.
@Suite struct RetentionClockTests {
    let day = RetentionClock.maximumStep

    @Test func aSteadyClockIsTrusted() {
        var clock = RetentionClock()
        #expect(clock.advance(to: 1000) == (1000, nil))
        #expect(clock.advance(to: 1030) == (1030, nil))
        #expect(clock.trustedAt == 1030)
    }

    @Test func aJumpAheadHoldsPruningUntilTheClockComesBack() {
        var clock = RetentionClock(trustedAt: 1000)
        let year = 365 * day
        #expect(clock.advance(to: 1000 + year) == (1000, .jumpedAhead(seconds: year)))
        #expect(clock.advance(to: 1030 + year) == (1000, nil), "still held, said once")
        #expect(clock.advance(to: 1060) == (1060, .backInLine))
        #expect(clock.heldSince == nil)
        #expect(clock.trustedAt == 1060)
    }

    @Test func aClockAheadForADayIsBelieved() {
        var clock = RetentionClock(trustedAt: 1000)
        let ahead = 3 * day
        #expect(clock.advance(to: 1000 + ahead).pruneAt == 1000)
        #expect(clock.advance(to: 1000 + ahead + day - 1).pruneAt == 1000)
        #expect(clock.advance(to: 1000 + ahead + day) == (1000 + ahead + day, .accepted(seconds: ahead + day)))
        #expect(clock.advance(to: 1030 + ahead + day) == (1030 + ahead + day, nil))
    }

    @Test func aClockSetBackIsTrustedAtItsEarlierTime() {
        var clock = RetentionClock(trustedAt: 50_000)
        #expect(clock.advance(to: 20_000) == (20_000, nil))
        #expect(clock.trustedAt == 20_000, "after a correction the earlier time is the truth")
    }

    /// A clock that jumps again while held (a Pi rebooted with a stale clock, then stepped by
    /// NTP; then a year ahead) never earns belief by the first jump's day.
    @Test func aSecondJumpWhileHeldStartsTheProofAgain() {
        var clock = RetentionClock(trustedAt: 1000)
        #expect(clock.advance(to: 1000 + 4 * day).pruneAt == 1000)
        #expect(clock.advance(to: 1000 + 4 * day + 3600).pruneAt == 1000)
        #expect(clock.advance(to: 1000 + 365 * day) == (1000, nil), "a second jump: held still, not believed")
        #expect(clock.advance(to: 1000 + 365 * day + 3600).pruneAt == 1000)
        #expect(clock.advance(to: 1000 + 365 * day + day).pruneAt == 1000 + 365 * day + day, "a steady day after it")
    }
}
