import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapTestSupport
import NetsnapWidgets
import Testing

@testable import NetsnapSites

/// What the wall draws when, with many sites: a site's own outputs at once when it is new or
/// its state changed, its new numbers and ages within the routine share of a core, nothing for
/// a broker restart; `sites.html` when a card says something new or an interval has passed.
@Suite struct SiteOutputsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func renderer(_ folder: URL, wording: Wording = .posix) throws -> OutputRenderer {
        var settings = RenderSettings()
        settings.wording = wording
        settings.outputDirectory = folder.path
        settings.tiles.enabled = false
        return try OutputRenderer.make(settings: settings)
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("site-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func judged(_ state: SiteState, taken: Date, ssid: String = "Home Wi-Fi") throws -> [SiteBoard.Judged] {
        var snapshot = try SnapshotLoader.load(.sample, now: taken)
        snapshot.status.ssid = ssid
        return [SiteBoard.Judged(entry: SiteEntry(id: "home", slug: "home", state: state), snapshot: snapshot)]
    }

    @Test func newsIsDrawnAtOnceNewNumbersAsRoutineAndABrokerRestartNotAtAll() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var outputs = SiteOutputs(renderer: try renderer(out), directory: out.path, logger: .init(label: "test"))
        #expect(outputs.drawNext(try judged(.online, taken: now), now: now, routine: false) == .news)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("sites/home/widgets.json").path))
        #expect(outputs.drawNext(try judged(.online, taken: now), now: now.addingTimeInterval(1)) == nil)
        // New numbers: not within a minute of the last drawing, then routine (only when routine may run).
        let changed = try judged(.online, taken: now.addingTimeInterval(30), ssid: "Other")
        #expect(outputs.drawNext(changed, now: now.addingTimeInterval(30)) == nil)
        #expect(outputs.drawNext(changed, now: now.addingTimeInterval(61), routine: false) == nil)
        #expect(outputs.drawNext(changed, now: now.addingTimeInterval(61)) == .routine)
        // The same numbers again later: nothing until the ages are due.
        // (The sample loaded for another time has other device times: the same content is the same snapshot re-dated.)
        var same = changed
        same[0].snapshot?.generatedAt = now.addingTimeInterval(90)
        #expect(outputs.drawNext(same, now: now.addingTimeInterval(200)) == nil)
        #expect(outputs.drawNext(same, now: now.addingTimeInterval(361), routine: false) == nil)
        #expect(outputs.drawNext(same, now: now.addingTimeInterval(361)) == .routine)
        // The wall's broker out of reach (unknown) and back: nothing to draw; a real change is news.
        var unseen = same
        unseen[0].entry.state = .unknown
        #expect(outputs.drawNext(unseen, now: now.addingTimeInterval(362)) == nil)
        #expect(outputs.drawNext(same, now: now.addingTimeInterval(380)) == nil)
        let degraded = try judged(.degraded, taken: now.addingTimeInterval(400))
        #expect(outputs.drawNext(degraded, now: now.addingTimeInterval(400), routine: false) == .news)
    }

    @Test func theWallPageIsWrittenWhenACardSaysSomethingNewOrAnIntervalPassed() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var writer = SitesWriter(renderer: try renderer(out), directory: out.path, intervalSeconds: 30, logger: .init(label: "test"))
        func entry(_ state: SiteState, age: Double) -> SiteEntry {
            var entry = SiteEntry(id: "home", slug: "home", state: state)
            entry.snapshotAt = now
            entry.ageSeconds = age
            return entry
        }
        func written(at moment: Date) throws -> Bool {
            try String(contentsOf: out.appendingPathComponent("sites.html"), encoding: .utf8).contains(RFC3339.format(moment))
        }
        try writer.write([entry(.online, age: 0)], now: now)
        #expect(try written(at: now))
        // Only its age moved: sites.json is new, the page is not.
        try writer.write([entry(.online, age: 65)], now: now.addingTimeInterval(1))
        #expect(try written(at: now))
        let document = try String(contentsOf: out.appendingPathComponent("sites.json"), encoding: .utf8)
        #expect(document.contains(RFC3339.format(now.addingTimeInterval(1))))
        try writer.write([entry(.degraded, age: 66)], now: now.addingTimeInterval(2))
        #expect(try written(at: now.addingTimeInterval(2)), "a state is news")
        try writer.write([entry(.degraded, age: 100)], now: now.addingTimeInterval(32))
        #expect(try written(at: now.addingTimeInterval(32)), "an interval passed")
    }

    @Test func theWallPageSpeaksTheConfiguredLanguageBeforeItsScriptRuns() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let german = Wording(locale: "de-DE")!
        var writer = SitesWriter(
            renderer: try renderer(out, wording: german), directory: out.path, intervalSeconds: 30, logger: .init(label: "test"))
        try writer.write(
            [SiteEntry(id: "home", slug: "home", state: .online), SiteEntry(id: "cabin", slug: "cabin", state: .lost)], now: now)
        let page = try String(contentsOf: out.appendingPathComponent("sites.html"), encoding: .utf8)
        let headline = try ShippedTranslation.forms(CountPhrase.sitesOK, in: "de", ["healthy": "1", "count": "2"])[1]
        #expect(page.contains("<h1 id=\"headline\">\(headline)</h1>"))
        #expect(page.contains(try ShippedTranslation.text(PagePhrase.noSnapshot, in: "de")))
        #expect(page.contains(#"lang="de-DE""#))
    }
}
