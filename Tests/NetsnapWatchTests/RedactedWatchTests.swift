import Foundation
import Logging
import NetsnapHistory
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapRender
@testable import NetsnapWatch

/// A redacted watch loop's files — event feeds, badges and the hidden widget state — hold no
/// secret of the snapshots it read.
@Suite struct RedactedWatchTests {
    @Test func eventFeedsLeakNothingWhenRedacted() async throws {
        let root = try TemporaryFolder.make("redact")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var render = RenderSettings()
        var watch = WatchSettings()
        render.outputDirectory = root + "/out"
        render.redact = true
        watch.failuresBeforeEvent = 1
        render.tiles.enabled = false
        let history = try HistoryStore(path: root + "/history.sqlite")
        var first = SampleSnapshot.snapshot
        let newcomer = first.devices.removeLast()
        var second = SampleSnapshot.snapshot.redated(to: first.generatedAt.addingTimeInterval(60))
        second.targets[1].isOnline = false
        let renderer = try OutputRenderer.make(settings: render)
        for snapshot in [first, second] {
            let cycle = WatchCycle(renderer: renderer, input: .producer { snapshot }, history: history, settings: watch)
            _ = try await cycle.run(logger: Logger(label: "test"))
        }
        let feed = try String(contentsOfFile: root + "/out/feed.json", encoding: .utf8)
        #expect(feed.contains("New device"), "the scenario produced a device event")
        #expect(feed.contains("NAS is down"))
        let secrets = RedactionSecrets.of(SampleSnapshot.snapshot) + [newcomer.macAddress!.text]
        let names = try FileManager.default.subpathsOfDirectory(atPath: root + "/out")
        #expect(names.contains("badges/nas.json"), "the per-target badges are checked too")
        // Every file, the hidden widget state for `serve` included.
        for name in names where !name.hasSuffix(".png") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/out/" + name, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let text = try String(contentsOfFile: root + "/out/" + name, encoding: .utf8)
            for secret in secrets { #expect(!text.contains(secret), "\(name) leaks \(secret)") }
        }
    }
}
