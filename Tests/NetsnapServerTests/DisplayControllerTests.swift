import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapTiles
import NetsnapWatch
import Testing

@testable import NetsnapServer

@Suite struct DisplayControllerTests {
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    @Test func answersInTheShapeTRMNLFirmwareParses() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: "/api/display", method: .get, headers: [.init("ID")!: "AA:BB:CC:DD:EE:FF"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try Self.json(response)
            #expect(
                Set(body.keys) == ["status", "image_url", "filename", "refresh_rate", "reset_firmware", "update_firmware", "firmware_url"])
            #expect(body["status"] as? Int == 0)
            // The display's own rate, not the watch interval: the sample network has a target
            // down, so the alert rate rather than TRMNL's default 900.
            #expect(body["refresh_rate"] as? Int == 120)
            #expect(body["reset_firmware"] as? Bool == false)
            #expect(body["update_firmware"] as? Bool == false)
            #expect(body["firmware_url"] is NSNull)
            let filename = try #require(body["filename"] as? String)
            #expect(filename.count == 32 && filename.allSatisfy(\.isHexDigit))
            #expect(body["image_url"] as? String == "http://localhost/display/\(filename).png")
        }
        #expect(fixture.tiles.drawn == [TileRequest(target: .display(.trmnl), theme: .light, timeZone: fixture.arguments.timeZone)])
    }

    static let deviceID = DisplayController<BasicRequestContext>.deviceIDField
    static let token = "0123456789abcdef-secret"

    @Test func filenameStaysWhileTheDataIsUnchangedAndImageMatchesIt() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            let second = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            #expect(first["filename"] as? String == second["filename"] as? String)

            let filename = try #require(first["filename"] as? String)
            let image = try await client.execute(uri: "/display/\(filename).png", method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/png")
            #expect(image.headers[.cacheControl] == "max-age=31536000, immutable")
            #expect(String(decoding: image.body.readableBytesView, as: UTF8.self).contains("tiles/trmnl-light.png"))

            fixture.widgets.publish(ServerFixture.widgets(at: fixture.clock.now.addingTimeInterval(60)))
            let third = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            #expect(third["filename"] as? String != filename)
            // The device may fetch the URL it was given after a newer image was drawn.
            #expect(try await client.execute(uri: "/display/\(filename).png", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/display/0123456789abcdef0123456789abcdef.png", method: .get).status == .notFound)
        }
    }

    /// TRMNL firmware sends its panel's size; a larger panel gets the tile laid out for it,
    /// a malformed size the configured 800 × 480 one.
    @Test func aPanelSizeInTheHeadersChoosesTheCanvas() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            func image(width: String?, height: String? = nil) async throws -> String {
                var headers = HTTPFields()
                if let width { headers[.init("Width")!] = width }
                if let height { headers[.init("Height")!] = height }
                let display = try Self.json(try await client.execute(uri: "/api/display", method: .get, headers: headers))
                let filename = try #require(display["filename"] as? String)
                let image = try await client.execute(uri: "/display/\(filename).png", method: .get)
                return String(decoding: image.body.readableBytesView, as: UTF8.self)
            }
            // A TRMNL X: its 1872 × 1404 panel in 16 greys.
            #expect(try await image(width: "1872", height: "1404").contains("tiles/1872x1404-gray4-light.png"))
            #expect(try await image(width: "1024", height: "758").contains("tiles/1024x758-gray1-light.png"))
            #expect(try await image(width: "800", height: "480").contains("tiles/trmnl-light.png"))
            #expect(try await image(width: "1872").contains("tiles/trmnl-light.png"))
            #expect(try await image(width: "-5", height: "99999").contains("tiles/trmnl-light.png"))
        }
    }

    @Test func imageURLUsesTheHostTheClientUsedWhenItIsPlain() async throws {
        try await ServerFixture().withRouter { client async throws in
            let forwarded = try Self.json(
                try await client.execute(uri: "/api/display", method: .get, headers: [.init("X-Forwarded-Proto")!: "https"]))
            #expect((forwarded["image_url"] as? String)?.hasPrefix("https://localhost/display/") == true)
        }
    }

    @Test func withoutARendererTheRenderedTrmnlFileIsShown() async throws {
        var fixture = try ServerFixture(folder: OutputFolderFixture(withDisplayTile: true))
        fixture.drawsTiles = false
        try await fixture.withRouter { client async throws in
            let body = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            let filename = try #require(body["filename"] as? String)
            let image = try await client.execute(uri: "/display/\(filename).png", method: .get)
            #expect(Array(image.body.readableBytesView) == OutputFolderFixture.displayBytes)
        }
    }

    @Test func withNoImageAtAllTheAnswerSaysSo() async throws {
        var fixture = try ServerFixture()
        fixture.drawsTiles = false
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: "/api/display", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(try Self.json(response)["status"] as? Int == 503)
        }
    }

    @Test func theTokenKeysTheFilename() async throws {
        var plain = try ServerFixture()
        var keyed = plain
        keyed.arguments.token = "a-long-enough-secret-token"
        plain.arguments.token = nil
        let open = try await plain.withRouter { client async throws in
            try Self.json(try await client.execute(uri: "/api/display", method: .get))["filename"] as? String
        }
        let guarded = try await keyed.withRouter { client async throws in
            try Self.json(
                try await client.execute(uri: "/api/display", method: .get, headers: [.init("Access-Token")!: "a-long-enough-secret-token"])
            )["filename"] as? String
        }
        #expect(open != nil && guarded != nil && open != guarded)
    }

    @Test func olderFirmwareSlashedPathsWorkWithTheSameTokenRules() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = Self.token
        fixture.arguments.trmnlDevices = [try #require(MACAddress("AA:BB:CC:DD:EE:FF"))]
        try await fixture.withRouter { client async throws in
            let listed = try await client.execute(uri: "/api/setup/", method: .get, headers: [Self.deviceID: "AA:BB:CC:DD:EE:FF"])
            #expect(listed.status == .ok)
            #expect(try Self.json(listed)["api_key"] as? String == Self.token)
            let stranger = try await client.execute(uri: "/api/setup/", method: .get, headers: [Self.deviceID: "11:22:33:44:55:66"])
            #expect(stranger.status == .notFound)
            let display = try await client.execute(uri: "/api/display/", method: .get, headers: [.init("Access-Token")!: Self.token])
            #expect(display.status == .ok)
            #expect(try Self.json(display)["filename"] is String)
            #expect(try await client.execute(uri: "/api/display/", method: .get).status == .unauthorized)
        }
    }

    @Test func refreshRateFollowsTheScheduleAndSleepsAtNight() async throws {
        var fixture = try ServerFixture()
        // The fixture's clock reads 2026-11-18T11:06:40Z, 12:06:40 in Zurich.
        fixture.arguments.displaySchedule = DisplaySchedule(refreshSeconds: 600, sleepFrom: 12 * 60, sleepUntil: 13 * 60)
        let clock = fixture.clock
        fixture.widgets.publish(ServerFixture.calmWidgets(at: clock.now.addingTimeInterval(3_600)))
        try await fixture.withRouter { client async throws in
            let asleep = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            #expect(asleep["refresh_rate"] as? Int == 53 * 60 + 20, "until 13:00 local")
            clock.advance(by: 3_600)
            let awake = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            #expect(awake["refresh_rate"] as? Int == 600)
        }
        let zone = TimeZone(identifier: "UTC")!
        let overnight = DisplaySchedule(refreshSeconds: 900, sleepFrom: 23 * 60, sleepUntil: 6 * 60)
        let midnight = try #require(RFC3339.parse("2026-11-21T00:00:00Z"))
        #expect(overnight.refreshSeconds(at: midnight, timeZone: zone) == 6 * 3_600)
        #expect(overnight.refreshSeconds(at: midnight.addingTimeInterval(-1_800), timeZone: zone) == 6 * 3_600 + 1_800)
        #expect(overnight.refreshSeconds(at: midnight.addingTimeInterval(6 * 3_600), timeZone: zone) == 900)
        #expect(
            overnight.refreshSeconds(at: midnight.addingTimeInterval(6 * 3_600 - 60), timeZone: zone) == 900, "never below the usual rate")
    }

    @Test func plainServeDrawsTheDisplayFromTheLastRender() async throws {
        var fixture = try ServerFixture()
        fixture.drawsTiles = false
        let folder = fixture.folder.directory
        try FileManager.default.createDirectory(atPath: folder + "/.netsnap", withIntermediateDirectories: true)
        let rendered = ServerFixture.widgets(at: fixture.clock.now)
        try Data(try WidgetState.bytes(rendered)).write(to: URL(fileURLWithPath: folder + "/" + WidgetState.path))
        let source = OutputFolderWidgetSource(directory: folder)
        #expect(try source.latestModels()?.widgets == rendered)
        let tiles = fixture.tiles
        let dependencies = ServerDependencies(
            watchStatus: OutputFolderStatus(directory: folder, intervalSeconds: 30), metrics: ServerMetrics(), widgets: source,
            tiles: tiles, now: fixture.clock.reading)
        try await buildApplication(fixture.arguments, dependencies: dependencies).test(.router) { client async throws in
            let response = try await client.execute(uri: "/api/display", method: .get)
            #expect(response.status == .ok, "drawn on demand although render wrote no display tile")
            #expect(tiles.drawn.count == 1)
            // The state file is never served.
            #expect(try await client.execute(uri: "/" + WidgetState.path, method: .get).status == .notFound)
        }
    }
}
