import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapPages
import NetsnapTiles
import Testing

@testable import NetsnapConfiguration
@testable import NetsnapRender

/// `pages.theme`, `nightFrom` / `nightUntil`, and the night hours reaching pages and tiles
/// at render time.
@Suite struct NightConfigurationTests {
    @Test func readsTheThemeAndTheNightHours() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: """
                timeZone: Europe/Zurich
                nightFrom: "22:00"
                nightUntil: "07:00"
                pages:
                  theme: light
                """, file: "netsnap.yml")
        #expect(configuration.render.pages.theme == .light)
        #expect(configuration.render.night == ClockWindow(from: 1_320, until: 420))
        #expect(configuration.render.pages.night == configuration.render.night)
        #expect(configuration.render.pages.timeZone.identifier == "Europe/Zurich")
    }

    @Test(arguments: [
        // A lone bound names the one missing, as serve.trmnl's sleep hours do.
        ("nightFrom: \"22:00\"", "nightUntil"), ("nightUntil: \"07:00\"", "nightFrom"),
        ("nightFrom: \"25:00\"\nnightUntil: \"07:00\"", "nightFrom"), ("nightFrom: \"22:00\"\nnightUntil: 7", "nightUntil"),
        ("nightFrom: \"07:00\"\nnightUntil: \"07:00\"", "nightUntil"), ("pages:\n  theme: dusk", "pages.theme"),
    ])
    func badNightSettingsNameTheirKey(_ yaml: String, _ key: String) {
        do {
            _ = try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect(error.key == key, "\(yaml): \(error)")
        }
    }

    @Test func colourTilesTurnToNightInsideTheHoursAndPaperStaysAsItIs() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: "timeZone: Europe/Zurich\nnightFrom: \"22:00\"\nnightUntil: \"07:00\"\ntiles:\n  displays: [trmnl, 1024x600]\n",
            file: "netsnap.yml")
        for request in configuration.render.tiles.requests {
            let isPaper = request.format != .rgb && request.format != .rgba
            #expect(TileSettings.atNight(request).theme == (isPaper ? request.theme : .night), "\(request.fileName)")
        }
        #expect(configuration.render.tiles.requests.contains { $0.format == .gray(bitDepth: 1) })
    }

    @Test func theRendererChoosesByTheTimeItIsGiven() throws {
        var configuration = Configuration()
        configuration.render.timeZone = TimeZone(identifier: "Europe/Zurich")!
        configuration.render.night = ClockWindow(from: 1_320, until: 420)
        configuration.render.pages.timeZone = configuration.render.timeZone
        configuration.render.pages.night = configuration.render.night
        let renderer = OutputRenderer(
            settings: configuration.render, tiles: nil, pages: try PageRenderer(settings: configuration.render.pages))
        let snapshot = SampleSnapshot.snapshot
        func index(at utc: String) throws -> String {
            let files = try renderer.render(snapshot.redated(to: RFC3339.parse(utc)!), now: RFC3339.parse(utc)!)
            return String(decoding: files.first { $0.path == "index.html" }?.bytes ?? [], as: UTF8.self)
        }
        #expect(try index(at: "2026-11-21T22:30:00Z").contains(#"data-theme="night""#))
        #expect(try !index(at: "2026-11-21T12:30:00Z").contains(#"data-theme="night""#))
    }

    @Test func nightTilesKeepTheirNamesAndAreDrawnRed() throws {
        var configuration = Configuration()
        configuration.render.timeZone = TimeZone(identifier: "Europe/Zurich")!
        configuration.render.night = ClockWindow(from: 1_320, until: 420)
        configuration.render.tiles.sizes = [.small]
        configuration.render.tiles.themes = [.light]
        let renderer = try OutputRenderer.make(settings: configuration.render)
        let snapshot = SampleSnapshot.snapshot
        func tile(at utc: String) throws -> [UInt8] {
            let now = RFC3339.parse(utc)!
            return try renderer.render(snapshot.redated(to: now), now: now).first { $0.path == "tiles/small@2x-light.png" }?.bytes ?? []
        }
        let night = try tile(at: "2026-11-21T22:30:00Z")
        let day = try tile(at: "2026-11-21T12:30:00Z")
        #expect(!night.isEmpty && !day.isEmpty && night != day)
        var request = configuration.render.tiles.requests[0]
        request.theme = .night
        let expected = try #require(renderer.tiles).png(
            for: renderer.widgets(for: snapshot.redated(to: RFC3339.parse("2026-11-21T22:30:00Z")!)), request: request,
            now: RFC3339.parse("2026-11-21T22:30:00Z")!)
        #expect(night == expected)
    }
}
