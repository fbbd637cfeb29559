import Foundation
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapServer

/// The memo's label is `AgeText.label`'s at every moment: across the second and minute
/// boundaries of stale data, for data dated ahead, fresh data, and a snapshot that changes.
@Suite struct AgeLabelMemoTests {
    @Test func everyMomentGetsTheLabelAgeTextGives() {
        let memo = AgeLabelMemo()
        let takenAt = Date(timeIntervalSince1970: 1_795_000_000.25)
        let utc = TimeZone(identifier: "UTC")!
        let older = WidgetSet(SampleSnapshot.snapshot.redated(to: takenAt), options: WidgetOptions(freshnessSeconds: 600))
        let newer = WidgetSet(
            SampleSnapshot.snapshot.redated(to: takenAt.addingTimeInterval(30)), options: WidgetOptions(freshnessSeconds: 600))
        // Fresh, then stale across 10 min → 11 min and 59 → 60 min, then dated 5 min ahead.
        let offsets =
            Array(stride(from: 590.0, through: 725, by: 0.1)) + Array(stride(from: 3_590.0, through: 3_610, by: 0.1)) + [-300, -300.3]
        var differing = Set<String?>()
        for offset in offsets {
            for widgets in [older, newer] {
                let date = takenAt.addingTimeInterval(offset)
                let expected = AgeText.label(widgets.freshness(at: date), snapshotAt: widgets.snapshotAt, timeZone: utc)
                #expect(memo.label(of: WidgetModels(widgets), at: date, timeZone: utc) == expected, "at \(offset) s")
                differing.insert(expected)
            }
        }
        #expect(differing.contains(nil) && differing.count > 3, "fresh and several ages were compared: \(differing)")
    }
}
