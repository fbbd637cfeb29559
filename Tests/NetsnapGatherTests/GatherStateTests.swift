import Foundation
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapGather

@Suite struct GatherStateTests {
    @Test func saveIsAtomicAndRoundTrips() throws {
        let directory = TemporaryFolder.path("state")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var state = GatherState()
        state.targetIDs["icmp|nas|0|/||NAS"] = UUID()
        try state.save(directory: directory, network: "gw-3c22fb000001")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["gather-state-gw-3c22fb000001.json"])
        let (loaded, note) = GatherState.load(directory: directory, network: "gw-3c22fb000001")
        #expect(note == nil)
        #expect(loaded == state)
    }

    @Test func missingFileStartsFreshAndCorruptFileIsNoted() throws {
        let directory = TemporaryFolder.path("state")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(GatherState.load(directory: directory, network: "a") == (GatherState(), nil))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "{not json".write(toFile: "\(directory)/\(GatherState.fileName(network: "a"))", atomically: true, encoding: .utf8)
        let (state, note) = GatherState.load(directory: directory, network: "a")
        #expect(state == GatherState())
        #expect(note?.contains("is unreadable") == true)
    }

    /// Devices of one network never show up as offline on another: each has its own file.
    @Test func eachNetworkKeepsItsOwnDevices() throws {
        let directory = TemporaryFolder.path("state")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var home = GatherState()
        home.devices = [device("3c:22:fb:00:00:10")]
        try home.save(directory: directory, network: "gw-home")
        var cabin = GatherState()
        cabin.devices = [device("3c:22:fb:00:00:20")]
        try cabin.save(directory: directory, network: "gw-cabin")
        #expect(GatherState.load(directory: directory, network: "gw-home").state.devices.map(\.mac) == ["3c:22:fb:00:00:10"])
        #expect(GatherState.load(directory: directory, network: "gw-cabin").state.devices.map(\.mac) == ["3c:22:fb:00:00:20"])
        #expect(GatherState.loadAll(directory: directory).count == 2)
    }

    /// The state kept before it was per network is taken over by the first network saved.
    @Test func theLegacyFileIsTakenOverOnce() throws {
        let directory = TemporaryFolder.path("state")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var legacy = GatherState()
        legacy.devices = [device("3c:22:fb:00:00:10")]
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(legacy).write(to: URL(fileURLWithPath: "\(directory)/\(GatherState.fileName)"))
        let (loaded, _) = GatherState.load(directory: directory, network: "gw-home")
        #expect(loaded == legacy)
        try loaded.save(directory: directory, network: "gw-home")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/\(GatherState.fileName)"))
        #expect(GatherState.load(directory: directory, network: "gw-other").state == GatherState())
    }

    /// A quiet network saves its state once an hour, not every cycle.
    @Test func onlyAMeaningfulChangeIsSaved() {
        var saved = GatherState()
        saved.devices = [device("3c:22:fb:00:00:10", lastSeen: "2026-11-21T10:00:00Z")]
        var later = saved
        later.devices[0].lastSeen = "2026-11-21T10:59:00Z"
        #expect(!later.differsEnoughToSave(from: saved))
        later.devices[0].lastSeen = "2026-11-21T11:00:00Z"
        #expect(later.differsEnoughToSave(from: saved))
        var moved = saved
        moved.devices[0].ip = "10.0.0.99"
        #expect(moved.differsEnoughToSave(from: saved))
        var more = saved
        more.devices.append(device("3c:22:fb:00:00:11"))
        #expect(more.differsEnoughToSave(from: saved))
    }

    private func device(_ mac: String, lastSeen: String = "2026-11-21T10:00:00Z") -> GatherState.Device {
        GatherState.Device(id: UUID(), mac: mac, ip: "10.0.0.10", hostname: nil, firstSeen: "2026-11-01T10:00:00Z", lastSeen: lastSeen)
    }
}
