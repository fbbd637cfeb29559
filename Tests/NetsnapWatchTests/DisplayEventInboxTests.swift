import Foundation
import Logging
import NetsnapHistory
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import Synchronization
import Testing

@testable import NetsnapRender
@testable import NetsnapWatch

/// Display events posted by the server between cycles reach the history, the feeds and the
/// cycle's new events (which push notifies), once.
@Suite struct DisplayEventInboxTests {
    static func event(_ kind: NetworkEvent.Kind, at date: Date) -> NetworkEvent {
        NetworkEvent(
            kind: kind, occurredAt: date, subjectKey: "display-917F0B",
            wording: .init(title: "Display 917F0B battery low", text: "Display 917F0B reports 3.20 V, about 17 %: charge it soon."))
    }

    @Test func theNextCycleStoresPostedEventsOnce() async throws {
        let root = try TemporaryFolder.make("display-events")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let taken = try #require(RFC3339.parse("2026-11-21T10:42:00Z"))
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        let cycle = WatchCycle(
            renderer: OutputRenderer(settings: settings, tiles: nil),
            input: .producer { SampleSnapshot.snapshot.redated(to: taken) },
            history: try HistoryStore(path: root + "/history.sqlite"), clock: { taken.addingTimeInterval(5) })
        let logger = Logger(label: "test")
        cycle.displayEvents.post(Self.event(.displayBatteryLow, at: taken))
        let first = try await cycle.run(logger: logger)
        #expect(first.newEvents.map(\.kind).contains(.displayBatteryLow))
        let feed = String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/out/feed.json")), as: UTF8.self)
        #expect(feed.contains("Display 917F0B battery low") && feed.contains("displayBatteryLow"))
        #expect(try await cycle.run(logger: logger).newEvents.allSatisfy { $0.kind != .displayBatteryLow })
        #expect(Self.event(.displaySilent, at: taken).tags == ["displaySilent", "problem"])
        #expect(Self.event(.displayBack, at: taken).tags == ["displayBack", "recovery"])
    }

    @Test func theInboxIsBounded() {
        let inbox = DisplayEventInbox()
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for second in 0..<100 { inbox.post(Self.event(.displaySilent, at: start.addingTimeInterval(Double(second)))) }
        let drained = inbox.drain()
        #expect(drained.count == DisplayEventInbox.capacity)
        #expect(drained.last?.occurredAt == start.addingTimeInterval(99))
        #expect(inbox.drain().isEmpty)
    }
}
