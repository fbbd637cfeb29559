import Foundation
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapGather

/// When the speed is measured: once due and not again within the interval, a result kept in
/// the state folder across restarts, and under a watch never waited for.
@Suite struct SpeedTesterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// An Ookla report of `download` Mbps written where the `file:` source reads it.
    func writeReport(_ download: Double, to path: String) throws {
        let json = #"{"type": "result", "download": {"bandwidth": \#(download * 125_000)}, "upload": {"bandwidth": 125000}}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func tester(_ folder: String) -> SpeedTester {
        let configuration = SpeedConfiguration(source: .file("\(folder)/report.json", format: .ookla), intervalMinutes: 15)
        return SpeedTester(configuration: configuration, stateDirectory: "\(folder)/state")
    }

    @Test func aResultIsTakenWhenDueAndKeptUntilTheIntervalHasPassed() async throws {
        let folder = try TemporaryFolder.make("speed-tester")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeReport(90, to: "\(folder)/report.json")
        let speed = tester(folder)
        #expect(await speed.result(now: start, waiting: true)?.downloadMbps == 90)
        try writeReport(40, to: "\(folder)/report.json")
        #expect(await speed.result(now: start.addingTimeInterval(14 * 60), waiting: true)?.downloadMbps == 90, "not due yet")
        #expect(await speed.result(now: start.addingTimeInterval(15 * 60), waiting: true)?.downloadMbps == 40, "due")
        // A clock set back leaves the last attempt ahead: measured again rather than waited for.
        try writeReport(55, to: "\(folder)/report.json")
        #expect(await speed.result(now: start, waiting: true)?.downloadMbps == 55)
    }

    @Test func aRestartKeepsTheResultAndDoesNotMeasureEarly() async throws {
        let folder = try TemporaryFolder.make("speed-tester")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeReport(90, to: "\(folder)/report.json")
        _ = await tester(folder).result(now: start, waiting: true)
        try writeReport(40, to: "\(folder)/report.json")
        let restarted = tester(folder)
        #expect(await restarted.result(now: start.addingTimeInterval(60), waiting: true)?.downloadMbps == 90)
        #expect(await restarted.result(now: start.addingTimeInterval(16 * 60), waiting: true)?.downloadMbps == 40)
    }

    @Test func aWatchNeverWaitsForARun() async throws {
        let folder = try TemporaryFolder.make("speed-tester")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeReport(90, to: "\(folder)/report.json")
        let speed = tester(folder)
        // The first cycle has nothing yet: the run started in the background.
        #expect(await speed.result(now: start, waiting: false) == nil)
        await speed.settle()
        #expect(await speed.result(now: start.addingTimeInterval(30), waiting: false)?.downloadMbps == 90)
    }

    @Test func aFailedRunKeepsThePreviousResult() async throws {
        let folder = try TemporaryFolder.make("speed-tester")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeReport(90, to: "\(folder)/report.json")
        let speed = tester(folder)
        _ = await speed.result(now: start, waiting: true)
        try "{not json".write(toFile: "\(folder)/report.json", atomically: true, encoding: .utf8)
        #expect(await speed.result(now: start.addingTimeInterval(20 * 60), waiting: true)?.downloadMbps == 90)
    }
}
