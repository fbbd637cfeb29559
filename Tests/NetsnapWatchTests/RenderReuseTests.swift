import Foundation
import Logging
import NetsnapHistory
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import NetsnapTiles
import NetsnapWidgets
import Synchronization
import Testing

@testable import NetsnapRender
@testable import NetsnapWatch

/// A watch cycle draws a page or tile again only when what it shows changed: these fail
/// when an output that must change is reused, or an unchanged one is drawn or rewritten.
@Suite struct RenderReuseTests {
    private static let taken = RFC3339.parse("2026-11-21T10:42:00Z")!
    private static let tilePaths = ["tiles/small@1x-dark.png", "tiles/medium@1x-dark.png", "tiles/large@1x-dark.png"]

    /// The render time the cycles read.
    private final class TestClock: Sendable {
        private let time: Mutex<Date>
        init(_ date: Date) { time = Mutex(date) }
        var now: Date { time.withLock { $0 } }
        func set(_ date: Date) { time.withLock { $0 = date } }
    }

    /// A folder with the snapshot file and the output folder a cycle writes.
    private struct Setup {
        let root: String
        let cycle: WatchCycle
        let clock: TestClock
        var out: String { root + "/out" }

        func run() async throws -> WatchCycle.Result { try await cycle.run(logger: Logger(label: "test")) }
        func setClock(_ date: Date) { clock.set(date) }

        func write(_ snapshot: Snapshot) throws {
            try Data(JSONWriter.bytes(snapshot.jsonValue)).write(to: URL(fileURLWithPath: root + "/snapshot.json"))
        }

        func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: out + "/" + path)) }

        /// The inode and modification time: a rewrite (a rename over the file) changes both.
        func stamp(_ path: String) throws -> [String] {
            let attributes = try FileManager.default.attributesOfItem(atPath: out + "/" + path)
            return ["\(attributes[.systemFileNumber]!)", "\((attributes[.modificationDate] as! Date).timeIntervalSince1970)"]
        }
    }

    private func makeSetup(
        at clock: Date, snapshot: Snapshot = SampleSnapshot.snapshot.redated(to: taken), night: ClockWindow? = nil
    ) throws -> Setup {
        let root = try TemporaryFolder.make("reuse")
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        settings.timeZone = TimeZone(identifier: "UTC")!
        settings.tiles.scales = [1]
        settings.tiles.themes = [.dark]
        settings.tiles.timeZone = TimeZone(identifier: "UTC")!
        settings.night = night
        settings.pages.night = night
        let history = try HistoryStore(path: root + "/history.sqlite")
        let time = TestClock(clock)
        let cycle = WatchCycle(
            renderer: try OutputRenderer.make(settings: settings), input: .document(path: root + "/snapshot.json"),
            history: history, clock: { time.now })
        let setup = Setup(root: root, cycle: cycle, clock: time)
        try setup.write(snapshot)
        return setup
    }

    @Test func anUnchangedCycleDrawsNothingAndRewritesNoPageOrTile() async throws {
        let setup = try makeSetup(at: Self.taken.addingTimeInterval(10))
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        let first = try await setup.run()
        #expect(Set(first.changedFiles).isSuperset(of: Self.tilePaths + ["index.html", "large.html"]))
        #expect(setup.cycle.reuse.lastReport.reused.isEmpty)
        let watched = Self.tilePaths + ["index.html", "medium.html", "embed.html"]
        let before = try watched.map(setup.stamp)

        try await Task.sleep(for: .milliseconds(20))
        setup.setClock(Self.taken.addingTimeInterval(40))
        let second = try await setup.run()
        #expect(setup.cycle.reuse.lastReport.rendered.isEmpty, "nothing a page or tile shows changed")
        #expect(Set(setup.cycle.reuse.lastReport.reused) == Set(["pages"] + Self.tilePaths))
        #expect(second.changedFiles == ["widgets.json", "summary.json"], "only the JSON feeds carry the render time")
        #expect(try watched.map(setup.stamp) == before, "same inode and mtime: not rewritten")
    }

    @Test func aStaleLabelTickingOnIsDrawnEveryMinuteAndNotInBetween() async throws {
        let setup = try makeSetup(at: Self.taken.addingTimeInterval(8 * 60 + 5))
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        _ = try await setup.run()
        let eightMinutes = try setup.bytes("tiles/medium@1x-dark.png")
        #expect(String(decoding: try setup.bytes("index.html"), as: UTF8.self).contains("Stale · 8 min"))

        setup.setClock(Self.taken.addingTimeInterval(8 * 60 + 50))
        _ = try await setup.run()
        #expect(setup.cycle.reuse.lastReport.rendered.isEmpty, "still \"8 min\"")

        setup.setClock(Self.taken.addingTimeInterval(9 * 60 + 1))
        let ninth = try await setup.run()
        #expect(Set(setup.cycle.reuse.lastReport.rendered) == Set(["pages"] + Self.tilePaths))
        #expect(Set(ninth.changedFiles).isSuperset(of: Self.tilePaths + ["index.html", "small.html"]))
        #expect(try setup.bytes("tiles/medium@1x-dark.png") != eightMinutes)
        let page = String(decoding: try setup.bytes("index.html"), as: UTF8.self)
        #expect(page.contains("Stale · 9 min") && !page.contains("Stale · 8 min"))
    }

    @Test func turningStaleRedrawsEverything() async throws {
        let setup = try makeSetup(at: Self.taken.addingTimeInterval(60))
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        _ = try await setup.run()
        let fresh = try setup.bytes("tiles/small@1x-dark.png")
        setup.setClock(Self.taken.addingTimeInterval(5 * 60 + 1))
        let stale = try await setup.run()
        #expect(Set(stale.changedFiles).isSuperset(of: Self.tilePaths + ["index.html"]))
        #expect(try setup.bytes("tiles/small@1x-dark.png") != fresh)
    }

    @Test func theNightHoursBeginningRedrawsPagesAndTiles() async throws {
        // Night from 10:43 UTC: the same data turns night a minute after it was taken.
        let setup = try makeSetup(at: Self.taken.addingTimeInterval(10), night: ClockWindow(from: 10 * 60 + 43, until: 7 * 60))
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        _ = try await setup.run()
        let day = try setup.bytes("tiles/medium@1x-dark.png")
        setup.setClock(Self.taken.addingTimeInterval(40))
        _ = try await setup.run()
        #expect(setup.cycle.reuse.lastReport.rendered.isEmpty, "still day: nothing to draw")
        setup.setClock(Self.taken.addingTimeInterval(65))
        let night = try await setup.run()
        #expect(Set(night.changedFiles).isSuperset(of: Self.tilePaths + ["index.html"]))
        #expect(try setup.bytes("tiles/medium@1x-dark.png") != day)
    }

    @Test func aNewSnapshotMinuteRedrawsTheUpdatedClock() async throws {
        let setup = try makeSetup(at: Self.taken.addingTimeInterval(10))
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        _ = try await setup.run()
        let before = try setup.bytes("tiles/medium@1x-dark.png")
        // The same data a minute later: only "Updated 10:42" becomes "Updated 10:43".
        try setup.write(SampleSnapshot.snapshot.redated(to: Self.taken.addingTimeInterval(60)))
        setup.setClock(Self.taken.addingTimeInterval(70))
        let next = try await setup.run()
        #expect(Set(next.changedFiles).isSuperset(of: Self.tilePaths + ["index.html"]))
        #expect(try setup.bytes("tiles/medium@1x-dark.png") != before)
        #expect(String(decoding: try setup.bytes("large.html"), as: UTF8.self).contains("10:43"))
    }

    @Test func aChangedValueRedrawsTheOutputsThatShowIt() async throws {
        let setup = try makeSetup(at: Self.taken.addingTimeInterval(10))
        defer { try? FileManager.default.removeItem(atPath: setup.root) }
        _ = try await setup.run()
        let before = try setup.bytes("tiles/medium@1x-dark.png")
        var changed = SampleSnapshot.snapshot.redated(to: Self.taken)
        changed.status.gatewayLatency = 987
        try setup.write(changed)
        setup.setClock(Self.taken.addingTimeInterval(20))
        let next = try await setup.run()
        #expect(Set(setup.cycle.reuse.lastReport.rendered) == Set(["pages"] + Self.tilePaths))
        #expect(next.changedFiles.contains("tiles/medium@1x-dark.png"))
        #expect(try setup.bytes("tiles/medium@1x-dark.png") != before)
        #expect(String(decoding: try setup.bytes("index.html"), as: UTF8.self).contains("987"))
    }

    @Test func newHistoryRedrawsTheSparklines() throws {
        var settings = RenderSettings()
        settings.tiles.sizes = [.large]
        settings.tiles.themes = [.dark]
        let renderer = try OutputRenderer.make(settings: settings)
        let snapshot = SampleSnapshot.snapshot.redated(to: Self.taken)
        let now = Self.taken.addingTimeInterval(10)
        func history(_ last: Double) -> HistorySummary {
            HistorySummary(
                gatewayLatency: .init(bucketSeconds: 3600, endsAt: Self.taken, points: [4, 6, 5, last]), targets: [])
        }
        let reuse = RenderReuse()
        let first = try renderer.renderWithWidgets(snapshot, now: now, history: history(5), reuse: reuse).files
        _ = try renderer.renderWithWidgets(snapshot, now: now, history: history(5), reuse: reuse)
        #expect(reuse.lastReport.rendered.isEmpty)
        let second = try renderer.renderWithWidgets(snapshot, now: now, history: history(40), reuse: reuse).files
        #expect(Set(reuse.lastReport.rendered) == ["pages", "tiles/large@2x-dark.png"])
        let tile = { (files: [OutputFile]) in files.first { $0.path == "tiles/large@2x-dark.png" }?.bytes }
        #expect(tile(first) != nil && tile(first) != tile(second))
        // Reused bytes are the very ones a fresh render makes.
        #expect(try renderer.render(snapshot, now: now, history: history(40)) == second)
    }
}
