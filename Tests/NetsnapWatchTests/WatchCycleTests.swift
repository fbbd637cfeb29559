import Foundation
import Logging
import NetsnapHistory
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import NetsnapWidgets
import Synchronization
import Testing

@testable import NetsnapRender
@testable import NetsnapWatch

@Suite struct WatchCycleTests {
    func modificationDate(_ path: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    }

    @Test func aGoneTargetsBadgeIsRemoved() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        let history = try HistoryStore(path: root + "/history.sqlite")
        let renderer = OutputRenderer(settings: settings, tiles: nil)
        let first = SampleSnapshot.snapshot
        _ = try await WatchCycle(renderer: renderer, input: .producer { first }, history: history).run(logger: Logger(label: "test"))
        var later = first.redated(to: first.generatedAt.addingTimeInterval(60))
        let gone = later.targets.removeFirst()
        let path = "badges/\(Slug.make(gone.name)).json"
        #expect(FileManager.default.fileExists(atPath: root + "/out/" + path))
        let snapshot = later
        let second = try await WatchCycle(renderer: renderer, input: .producer { snapshot }, history: history).run(
            logger: Logger(label: "test"))
        #expect(second.changedFiles.contains(path))
        #expect(!FileManager.default.fileExists(atPath: root + "/out/" + path))
        #expect(FileManager.default.fileExists(atPath: root + "/out/badges/\(Slug.make(snapshot.targets[0].name)).json"))
    }

    @Test func unchangedOutputsKeepTheirMtime() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let snapshotPath = root + "/snapshot.json"
        let snapshot = SampleSnapshot.snapshot
        try Data(JSONWriter.bytes(snapshot.jsonValue)).write(to: URL(fileURLWithPath: snapshotPath))
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        let history = try HistoryStore(path: root + "/history.sqlite")
        let clock = Mutex(snapshot.generatedAt.addingTimeInterval(10))
        let cycle = WatchCycle(
            renderer: OutputRenderer(settings: settings, tiles: nil), input: .document(path: snapshotPath), history: history,
            clock: { clock.withLock { $0 } })
        let first = try await cycle.run(logger: Logger(label: "test"))
        let badges = Slug.unique(snapshot.targets.map(\.name)).flatMap { ["badges/\($0).json", "badges/\($0)-uptime.json"] }
        #expect(
            Set(first.changedFiles)
                == Set(
                    [
                        "widgets.json", "badge.json", "summary.json", "devices.json", WidgetState.path, "feed.json", "feed.xml",
                        "uptime.json", "incidents.json",
                    ]
                        + badges))
        let badgeDate = try modificationDate(root + "/out/badge.json")
        clock.withLock { $0 = $0.addingTimeInterval(5) }
        try await Task.sleep(for: .milliseconds(20))
        let second = try await cycle.run(logger: Logger(label: "test"))
        #expect(
            second.changedFiles == ["widgets.json", "summary.json"], "only the render time and the data's age changed")
        #expect(try modificationDate(root + "/out/badge.json") == badgeDate)
    }

    /// A cycle over `input` writing to `root`/out, at the time `clock` holds.
    private func makeCycle(_ root: String, _ input: WatchInput, clock: @escaping @Sendable () -> Date) throws -> WatchCycle {
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        settings.timeZone = TimeZone(identifier: "UTC")!
        let history = try HistoryStore(path: root + "/history.sqlite")
        let renderer = OutputRenderer(settings: settings, tiles: nil)
        return WatchCycle(renderer: renderer, input: input, history: history, clock: clock)
    }

    @Test func aSilentSourceIsLostOnceAndBackWhenFreshDataArrives() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let snapshotPath = root + "/snapshot.json"
        let taken = try #require(RFC3339.parse("2026-11-21T10:42:00Z"))
        try Data(JSONWriter.bytes(SampleSnapshot.snapshot.redated(to: taken).jsonValue)).write(to: URL(fileURLWithPath: snapshotPath))
        let clock = Mutex(taken.addingTimeInterval(10))
        let cycle = try makeCycle(root, .document(path: snapshotPath), clock: { clock.withLock { $0 } })
        let logger = Logger(label: "test")
        #expect(try await cycle.run(logger: logger).newEvents.filter { $0.kind == .sourceLost }.isEmpty)

        // Nobody rewrites the file: past the 5-minute window the source is lost, once.
        clock.withLock { $0 = taken.addingTimeInterval(8 * 60) }
        let lost = try await cycle.run(logger: logger).newEvents.filter { $0.kind == .sourceLost }
        #expect(lost.count == 1)
        #expect(lost.first?.wording.text == "No new data from the snapshot file for 8 min: the last snapshot was taken 21 Nov 10:42.")
        clock.withLock { $0 = taken.addingTimeInterval(2 * 86_400) }
        #expect(try await cycle.run(logger: logger).newEvents.isEmpty, "no repeats while it stays lost")
        let summary = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/out/summary.json"))))
        #expect(summary["stale"] == .bool(true))
        #expect(summary["freshnessText"] == .string("Stale · 2 days — since 21 Nov 10:42"))
        let feed = String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/out/feed.json")), as: UTF8.self)
        #expect(feed.contains("Source lost"))

        // A restart (a new cycle over the same history) does not report it again.
        let restarted = try makeCycle(root, .document(path: snapshotPath), clock: { clock.withLock { $0 } })
        #expect(try await restarted.run(logger: logger).newEvents.isEmpty)

        let now = taken.addingTimeInterval(2 * 86_400 + 60)
        try Data(JSONWriter.bytes(SampleSnapshot.snapshot.redated(to: now).jsonValue)).write(to: URL(fileURLWithPath: snapshotPath))
        clock.withLock { $0 = now.addingTimeInterval(5) }
        let back = try await restarted.run(logger: logger).newEvents.filter { $0.kind == .sourceBack }
        #expect(back.count == 1)
        #expect(back.first?.wording.text == "Fresh data from the snapshot file again, after 2 days since the snapshot of 21 Nov 10:42.")
        #expect(back.first?.tags == ["sourceBack", "recovery"])
    }

    @Test func aMessageStreamThatGoesQuietIsLost() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let stream = LiveMessageStream()
        let arrived = try #require(RFC3339.parse("2026-11-21T10:00:00Z"))
        stream.consume(
            Array(#"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"#.utf8),
            logger: Logger(label: "test"), at: arrived)
        let clock = Mutex(arrived.addingTimeInterval(30))
        let cycle = try makeCycle(root, .messages(stream), clock: { clock.withLock { $0 } })
        #expect(try await cycle.run(logger: Logger(label: "test")).newEvents.isEmpty)
        clock.withLock { $0 = arrived.addingTimeInterval(20 * 60) }
        let events = try await cycle.run(logger: Logger(label: "test")).newEvents
        #expect(events.map(\.kind) == [.sourceLost])
        #expect(events.first?.wording.text.hasPrefix("No new data from the message stream for 20 min") == true)
    }

    @Test func aFailingSourceShowsTheLastGoodDataWithItsAge() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let taken = try #require(RFC3339.parse("2026-11-21T10:42:00Z"))
        let failing = Mutex(false)
        let input = WatchInput.producer {
            if failing.withLock({ $0 }) { throw WatchError.noStatusYet }
            return SampleSnapshot.snapshot.redated(to: taken)
        }
        let clock = Mutex(taken.addingTimeInterval(10))
        let cycle = try makeCycle(root, input, clock: { clock.withLock { $0 } })
        let logger = Logger(label: "test")
        #expect(try await cycle.run(logger: logger).sourceError == nil)
        failing.withLock { $0 = true }
        clock.withLock { $0 = taken.addingTimeInterval(3 * 3_600) }
        let result = try await cycle.run(logger: logger)
        #expect(result.sourceError.map { "\($0)" } == "no statusUpdate message received yet")
        #expect(result.newEvents.map(\.kind) == [.sourceLost])
        let badge = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/out/badge.json"))))
        #expect(badge["message"] == .string("stale · 3 h"))
    }

    @Test func aFailingCycleIsRetriedAndTheLoopGoesOn() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var render = RenderSettings()
        var watch = WatchSettings()
        render.outputDirectory = root + "/out"
        watch.intervalSeconds = 1
        let history = try HistoryStore(path: root + "/history.sqlite")
        let calls = Mutex(0)
        let input = WatchInput.producer {
            let call = calls.withLock { value -> Int in
                value += 1
                return value
            }
            if call == 1 { throw WatchError.noStatusYet }
            return SampleSnapshot.snapshot.redated(to: Date())
        }
        let monitor = WatchMonitor(interval: 1)
        let service = WatchService(
            cycle: WatchCycle(
                renderer: OutputRenderer(settings: render, tiles: nil), input: input, history: history,
                settings: watch),
            monitor: monitor,
            logger: Logger(label: "test"), maximumCycles: 2)
        try await service.run()
        let reading = monitor.reading
        #expect(reading.cyclesFailed == 1)
        #expect(reading.cyclesSucceeded == 1)
        #expect(monitor.health(at: Date()).healthy)
        #expect(!monitor.health(at: Date().addingTimeInterval(10)).healthy)
        #expect(FileManager.default.fileExists(atPath: root + "/out/widgets.json"))
    }

    @Test func liveStreamSkipsBadLines() {
        let stream = LiveMessageStream()
        let logger = Logger(label: "test")
        stream.consume(
            Array(#"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"#.utf8),
            logger: logger)
        stream.consume(Array("{broken".utf8), logger: logger)
        #expect(stream.snapshot?.status.connectionType == .ethernet)
    }

    @Test func stateDirectorySearchOrder() {
        #expect(StateDirectory.resolve(option: "/opt/s", environment: ["STATE_DIRECTORY": "/x"]) == "/opt/s")
        #expect(StateDirectory.resolve(option: nil, environment: ["STATE_DIRECTORY": "/var/lib/netsnap:/other"]) == "/var/lib/netsnap")
        #expect(
            StateDirectory.resolve(option: nil, environment: ["XDG_STATE_HOME": "/home/a/.st", "HOME": "/home/a"]) == "/home/a/.st/netsnap")
        #expect(StateDirectory.resolve(option: nil, environment: ["HOME": "/home/a"]) == "/home/a/.local/state/netsnap")
    }
}

@Suite struct LiveMessageStreamTests {
    @Test func aLongLineInSmallPiecesIsFoldedQuickly() throws {
        let devices = (0..<20_000).map { index in
            #"{"id":"00000000-0000-4000-8000-\#(String(format: "%012d", index))","ipAddress":"10.0.\#(index / 256 % 256).\#(index % 256)","macAddress":"02:00:00:00:\#(String(format: "%02x:%02x", index / 256 % 256, index % 256))","status":"active","firstSeen":"2026-11-21T10:00:00Z","lastSeen":"2026-11-21T10:00:00Z"}"#
        }
        let stream =
            #"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"# + "\n"
            + #"{"type":"deviceUpdate","payload":["# + devices.joined(separator: ",") + "]}\n"
        let pipe = Pipe()
        let live = LiveMessageStream()
        live.start(reading: pipe.fileHandleForReading, logger: Logger(label: "test"))
        let bytes = Data(stream.utf8)
        let start = ContinuousClock.now
        for offset in stride(from: 0, to: bytes.count, by: 8_192) {
            pipe.fileHandleForWriting.write(bytes[offset..<min(offset + 8_192, bytes.count)])
        }
        try pipe.fileHandleForWriting.close()
        while !live.isFinished && ContinuousClock.now - start < .seconds(60) { Thread.sleep(forTimeInterval: 0.01) }
        #expect(live.isFinished)
        #expect(live.snapshot?.devices.count == 20_000)
        #expect(live.hasDevices)
    }

    @Test func aDeviceUpdateAfterTheStatusMakesTheSnapshotNewer() {
        let live = LiveMessageStream()
        let logger = Logger(label: "test")
        live.consume(
            Array(#"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"#.utf8),
            logger: logger, at: RFC3339.parse("2026-11-21T10:00:01Z")!)
        #expect(!live.hasDevices)
        live.consume(Array(#"{"type":"deviceUpdate","payload":[]}"#.utf8), logger: logger, at: RFC3339.parse("2026-11-21T10:05:00Z")!)
        #expect(live.hasDevices)
        #expect(live.snapshot?.generatedAt == RFC3339.parse("2026-11-21T10:05:00Z"))
    }
}
