import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapRender

@Suite struct RenderPipelineTests {
    let now = RFC3339.parse("2026-11-21T10:43:00Z")!

    func pipeline(output: String) -> RenderPipeline {
        var settings = RenderSettings()
        settings.outputDirectory = output
        return RenderPipeline(renderer: OutputRenderer(settings: settings, tiles: nil), log: { _ in })
    }

    func contents(of directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: "\(directory)/\(path)", isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = FileManager.default.contents(atPath: "\(directory)/\(path)") }
        }
        return result
    }

    @Test func refusedInputLeavesEarlierOutputsByteIdentical() throws {
        let output = try TemporaryFolder.make("test")
        defer { try? FileManager.default.removeItem(atPath: output) }
        try pipeline(output: output).run(input: .sample, now: now)
        let before = try contents(of: output)
        #expect(before.keys.contains("widgets.json"))
        let bad = output + "/../bad-\(UUID().uuidString).json"
        try Data(#"{"schemaVersion": 1, "generatedAt": "nope"}"#.utf8).write(to: URL(fileURLWithPath: bad))
        defer { try? FileManager.default.removeItem(atPath: bad) }
        #expect(throws: SnapshotError.self) {
            try pipeline(output: output).run(input: .document(path: bad), now: now.addingTimeInterval(60))
        }
        #expect(try contents(of: output) == before)
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let output = try TemporaryFolder.make("test")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let writer = AtomicFileWriter(directory: output)
        let file = OutputFile(path: "sub/a.json", bytes: Array("one".utf8))
        #expect(try writer.write([file]) == ["sub/a.json"])
        #expect(try writer.write([file]).isEmpty)
        #expect(try writer.write([OutputFile(path: "sub/a.json", bytes: Array("two".utf8))]) == ["sub/a.json"])
        #expect(FileManager.default.contents(atPath: output + "/sub/a.json") == Data("two".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output + "/sub").filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func unwritableFolderIsAnOutputError() throws {
        let output = try TemporaryFolder.make("test")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let blocker = output + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        #expect(throws: OutputWriteError.self) {
            try AtomicFileWriter(directory: blocker).write([OutputFile(path: "x.json", bytes: [1])])
        }
    }

    @Test func hugeSnapshotRendersCorrectly() throws {
        let snapshot = SyntheticSnapshot.make(devices: 100_000, targets: 1_000, at: now)
        let bytes = JSONWriter.bytes(snapshot.jsonValue)
        let decoded = try SnapshotDecoder.decode(bytes)
        #expect(decoded.devices.count == 100_000)
        #expect(decoded.targets.count == 1_000)
        let renderer = OutputRenderer(settings: RenderSettings(), tiles: nil)
        let widgets = renderer.widgets(for: decoded)
        #expect(widgets.large.devicesTotal == 100_000)
        #expect(widgets.large.devicesActive == 33_334)
        #expect(widgets.medium.targetsOnline == 900)
        #expect(widgets.large.topTargets.count == 5)
        #expect(widgets.large.topTargets.allSatisfy { !$0.isOnline })
        // Device i was first seen i minutes ago: the newest are 0, 1 and 2.
        #expect(widgets.large.recentDevices.map(\.displayName) == ["device-0.lan", "device-1.lan", "device-2.lan"])
        let files = try renderer.render(decoded, now: now)
        #expect(files.map(\.path).contains("widgets.json"))
    }

    @Test func sampleIsRedatedToTheRenderTime() throws {
        let snapshot = try SnapshotLoader.load(.sample, now: now)
        #expect(snapshot.generatedAt == now)
        #expect(snapshot.status.updatedAt <= now)
        #expect(snapshot.devices.allSatisfy { $0.firstSeen <= now })
    }

    @Test func missingInputFileIsRefusedWithItsName() {
        do {
            _ = try SnapshotLoader.load(.document(path: "/nonexistent/snap.json"), now: now)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.description == "error: /nonexistent/snap.json: no such file")
        }
    }
}
