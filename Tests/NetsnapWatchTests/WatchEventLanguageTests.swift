import Foundation
import Logging
import NetsnapHistory
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapTestSupport
import Synchronization
import Testing

@testable import NetsnapWatch

/// The watch loop words its own events — the source lost and back — in the configured
/// language, with the catalogue's words, and the feed carries them as they were worded.
@Suite struct WatchEventLanguageTests {
    static let german = Wording(locale: "de-DE")!

    @Test func aSilentSourceIsLostInTheConfiguredLanguage() async throws {
        let root = try TemporaryFolder.make("watch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let snapshotPath = root + "/snapshot.json"
        let taken = try #require(RFC3339.parse("2026-11-21T10:42:00Z"))
        try Data(JSONWriter.bytes(SampleSnapshot.snapshot.redated(to: taken).jsonValue)).write(to: URL(fileURLWithPath: snapshotPath))
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        settings.timeZone = TimeZone(identifier: "UTC")!
        settings.wording = Self.german
        let clock = Mutex(taken.addingTimeInterval(10))
        let cycle = WatchCycle(
            renderer: OutputRenderer(settings: settings, tiles: nil), input: .document(path: snapshotPath),
            history: try HistoryStore(path: root + "/history.sqlite"), clock: { clock.withLock { $0 } })
        _ = try await cycle.run(logger: Logger(label: "test"))
        clock.withLock { $0 = taken.addingTimeInterval(8 * 60) }
        let lost = try #require(try await cycle.run(logger: Logger(label: "test")).newEvents.first { $0.kind == .sourceLost })

        let title = try ShippedTranslation.text(EventPhrase.sourceLost, in: "de")
        #expect(lost.wording.title == title)
        let source = try ShippedTranslation.text(EventPhrase.snapshotFile, in: "de")
        let text = try ShippedTranslation.text(
            EventPhrase.noNewData, in: "de",
            ["source": source, "age": Self.german.age(8 * 60), "date": Self.german.dayAndClock(taken, settings.timeZone)])
        #expect(lost.wording.text == text)
        #expect(lost.wording.data == ["lastSnapshotAt": "2026-11-21T10:42:00Z"], "the data stays as machines read it")
        let feed = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/out/feed.json"))))
        guard case .array(let items)? = feed["items"] else {
            Issue.record("feed.json has no items")
            return
        }
        #expect(items.contains { $0["title"] == .string(title) })
    }
}
