import Foundation
import Logging
import NetsnapHistory
import NetsnapModel
import NetsnapWidgets
import Synchronization
import Testing

@testable import NetsnapBuild

@Suite struct WatchCycleTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "netsnap-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func modificationDate(_ path: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    }

    @Test func aGoneTargetsBadgeIsRemoved() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = NetsnapConfiguration()
        configuration.outputDirectory = root + "/out"
        let history = try HistoryStore(path: root + "/history.sqlite")
        let renderer = OutputRenderer(configuration: configuration, tiles: nil)
        let first = SampleSnapshot.snapshot
        _ = try await WatchCycle(renderer: renderer, input: .producer { first }, history: history).run(logger: Logger(label: "test"))
        var later = first.redated(to: first.generatedAt.addingTimeInterval(60))
        let gone = later.targets.removeFirst()
        let path = "badges/\(Slug.make(gone.name)).json"
        #expect(FileManager.default.fileExists(atPath: root + "/out/" + path))
        let snapshot = later
        let second = try await WatchCycle(renderer: renderer, input: .producer { snapshot }, history: history).run(logger: Logger(label: "test"))
        #expect(second.changedFiles.contains(path))
        #expect(!FileManager.default.fileExists(atPath: root + "/out/" + path))
        #expect(FileManager.default.fileExists(atPath: root + "/out/badges/\(Slug.make(snapshot.targets[0].name)).json"))
    }

    @Test func unchangedOutputsKeepTheirMtime() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let snapshotPath = root + "/snapshot.json"
        let snapshot = SampleSnapshot.snapshot
        try Data(JSONWriter.bytes(snapshot.jsonValue)).write(to: URL(fileURLWithPath: snapshotPath))
        var configuration = NetsnapConfiguration()
        configuration.outputDirectory = root + "/out"
        let history = try HistoryStore(path: root + "/history.sqlite")
        let clock = Mutex(snapshot.generatedAt.addingTimeInterval(10))
        let cycle = WatchCycle(renderer: OutputRenderer(configuration: configuration, tiles: nil), input: .document(path: snapshotPath), history: history, clock: { clock.withLock { $0 } })
        let first = try await cycle.run(logger: Logger(label: "test"))
        let badges = Slug.unique(snapshot.targets.map(\.name)).map { "badges/\($0).json" }
        #expect(Set(first.changedFiles) == Set(["widgets.json", "badge.json", "summary.json", "devices.json", "feed.json", "feed.xml"] + badges))
        let summaryDate = try modificationDate(root + "/out/summary.json")
        clock.withLock { $0 = $0.addingTimeInterval(5) }
        try await Task.sleep(for: .milliseconds(20))
        let second = try await cycle.run(logger: Logger(label: "test"))
        #expect(second.changedFiles == ["widgets.json"], "only the render time changed")
        #expect(try modificationDate(root + "/out/summary.json") == summaryDate)
    }

    @Test func aFailingCycleIsRetriedAndTheLoopGoesOn() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = NetsnapConfiguration()
        configuration.outputDirectory = root + "/out"
        configuration.watchInterval = 1
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
            cycle: WatchCycle(renderer: OutputRenderer(configuration: configuration, tiles: nil), input: input, history: history), monitor: monitor,
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
        stream.consume(Array(#"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"#.utf8), logger: logger)
        stream.consume(Array("{broken".utf8), logger: logger)
        #expect(stream.snapshot?.status.connectionType == .ethernet)
    }

    @Test func stateDirectorySearchOrder() {
        #expect(StateDirectory.resolve(option: "/opt/s", environment: ["STATE_DIRECTORY": "/x"]) == "/opt/s")
        #expect(StateDirectory.resolve(option: nil, environment: ["STATE_DIRECTORY": "/var/lib/netsnap:/other"]) == "/var/lib/netsnap")
        #expect(StateDirectory.resolve(option: nil, environment: ["XDG_STATE_HOME": "/home/a/.st", "HOME": "/home/a"]) == "/home/a/.st/netsnap")
        #expect(StateDirectory.resolve(option: nil, environment: ["HOME": "/home/a"]) == "/home/a/.local/state/netsnap")
    }
}

@Suite struct LiveMessageStreamTests {
    @Test func aLongLineInSmallPiecesIsFoldedQuickly() throws {
        let devices = (0..<20_000).map { index in
            #"{"id":"00000000-0000-4000-8000-\#(String(format: "%012d", index))","ipAddress":"10.0.\#(index / 256 % 256).\#(index % 256)","macAddress":"02:00:00:00:\#(String(format: "%02x:%02x", index / 256 % 256, index % 256))","status":"active","firstSeen":"2026-11-21T10:00:00Z","lastSeen":"2026-11-21T10:00:00Z"}"#
        }
        let stream = #"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"# + "\n"
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
        live.consume(Array(#"{"type":"statusUpdate","payload":{"connectionType":"ethernet","updatedAt":"2026-11-21T10:00:00Z"}}"#.utf8), logger: logger, at: RFC3339.parse("2026-11-21T10:00:01Z")!)
        #expect(!live.hasDevices)
        live.consume(Array(#"{"type":"deviceUpdate","payload":[]}"#.utf8), logger: logger, at: RFC3339.parse("2026-11-21T10:05:00Z")!)
        #expect(live.hasDevices)
        #expect(live.snapshot?.generatedAt == RFC3339.parse("2026-11-21T10:05:00Z"))
    }
}
