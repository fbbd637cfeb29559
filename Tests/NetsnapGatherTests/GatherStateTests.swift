import Foundation
import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct GatherStateTests {
    private func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "netsnap-state-\(UUID().uuidString)"
    }

    @Test func saveIsAtomicAndRoundTrips() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var state = GatherState()
        state.targetIDs["icmp|nas|0|/||NAS"] = UUID()
        try state.save(directory: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [GatherState.fileName])
        let (loaded, note) = GatherState.load(directory: directory)
        #expect(note == nil)
        #expect(loaded == state)
    }

    @Test func missingFileStartsFreshAndCorruptFileIsNoted() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(GatherState.load(directory: directory) == (GatherState(), nil))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "{not json".write(toFile: "\(directory)/\(GatherState.fileName)", atomically: true, encoding: .utf8)
        let (state, note) = GatherState.load(directory: directory)
        #expect(state == GatherState())
        #expect(note?.contains("is unreadable") == true)
    }
}
