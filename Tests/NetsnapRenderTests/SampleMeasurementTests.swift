import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapRender

/// The sample's line is measured as a default `speed:` configuration measures it, every six
/// hours, however often a `--sample` watch loads it: each new `measuredAt` is a result the
/// history stores.
@Suite struct SampleMeasurementTests {
    let morning = RFC3339.parse("2026-11-21T10:42:07Z")!

    @Test func cyclesBeforeTheNextMarkShareOneMeasurement() throws {
        let first = try #require(try SnapshotLoader.load(.sample, now: morning).speed)
        for seconds: TimeInterval in [1, 60, 3_600, 4_600] {
            let later = try #require(try SnapshotLoader.load(.sample, now: morning.addingTimeInterval(seconds)).speed)
            #expect(later.measuredAt == first.measuredAt, "\(seconds) s later")
        }
        #expect(first.measuredAt == RFC3339.parse("2026-11-21T06:00:00Z")!)
    }

    @Test func theNextMarkBringsANewMeasurementNeverAfterTheSnapshot() throws {
        let noon = RFC3339.parse("2026-11-21T12:00:05Z")!
        let snapshot = try SnapshotLoader.load(.sample, now: noon)
        let speed = try #require(snapshot.speed)
        #expect(speed.measuredAt == RFC3339.parse("2026-11-21T12:00:00Z")!)
        #expect(speed.measuredAt <= snapshot.generatedAt)
        #expect(snapshot.generatedAt == noon)
    }
}
