import Foundation
import NetsnapHistory
import NetsnapLanguage
import NetsnapRender
import NetsnapTestSupport
import Testing

@testable import NetsnapSites

/// The wall's feeds are titled in the wall's language when no `feedTitle` is set.
@Suite struct WallFeedsTests {
    @Test(arguments: [("de-DE", "netsnap — Standorte von wall"), ("C", "netsnap — sites of wall")])
    func theDefaultTitleSpeaksTheWallsLanguage(locale: String, title: String) throws {
        let root = try TemporaryFolder.make("wall-feeds")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        settings.wording = try #require(Wording(locale: locale))
        let feeds = WallFeeds(
            history: try HistoryStore(path: root + "/history.sqlite"), renderer: OutputRenderer(settings: settings, tiles: nil),
            wallName: "wall")
        #expect(feeds.defaultTitle == title)
    }
}
