import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapModel
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// Several screens per display: one a wake, the next at once on a button press, the same
/// picture to a display that asks early, and the place in the list kept across a restart.
@Suite struct DisplayScreensTests {
    static let screens: [TileScreen] = [.overview, .targets, .devices, .qr]

    /// The firmware's display headers with `Update-Source` as `bl.cpp` names the wake.
    static func headers(wake: String) -> HTTPFields {
        var headers = DisplayLogTests.displayHeaders
        headers[.init("Update-Source")!] = wake
        return headers
    }

    /// Asks `/api/display` as the paired device; returns the file name and the screen drawn last.
    static func wake(_ client: any TestClientProtocol, _ fixture: ServerFixture, _ wake: String) async throws -> (
        filename: String, screen: TileScreen?
    ) {
        let response = try await client.execute(uri: "/api/display", method: .get, headers: headers(wake: wake))
        let body = try DisplayControllerTests.json(response)
        let filename = try #require(body["filename"] as? String)
        let path = String(try #require(body["image_url"] as? String).dropFirst("http://localhost".count))
        #expect(try await client.execute(uri: path, method: .get).status == .ok, "the image it was given")
        return (filename, fixture.tiles.drawn.last?.screen)
    }

    static func fixture(screens: [TileScreen]?) throws -> ServerFixture {
        var fixture = try DisplayLogTests.fixture()
        let device = try #require(MACAddress(DisplayLogTests.mac))
        fixture.arguments.displaySchedule.panels = [DisplayPanelSettings(device: device, screens: screens)]
        return fixture
    }

    @Test func eachWakeShowsTheNextScreenAndTheButtonSkipsAhead() async throws {
        let fixture = try Self.fixture(screens: Self.screens)
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            let first = try await Self.wake(client, fixture, "timer")
            #expect(first.screen == .overview)
            // Early, without a press: the same picture, nothing drawn.
            let drawings = fixture.tiles.drawn.count
            let early = try await Self.wake(client, fixture, "timer")
            #expect(early.filename == first.filename && fixture.tiles.drawn.count == drawings)
            // Its refresh is due (the sample has a target down: the alert rate, 120 s).
            fixture.clock.advance(by: 121)
            let second = try await Self.wake(client, fixture, "timer")
            #expect(second.screen == .targets && second.filename != first.filename)
            // A press of the button (a GPIO wake, EXT0/EXT1 on other boards): the next at once.
            let pressed = try await Self.wake(client, fixture, "button")
            #expect(pressed.screen == .devices && pressed.filename != second.filename)
            #expect(try await Self.wake(client, fixture, "EXT1").screen == .qr)
            // Round again: the overview, drawn before and cached, so the very same picture.
            #expect(try await Self.wake(client, fixture, "EXT0").filename == first.filename)
        }
    }

    @Test func theDefaultIsTheOverviewAlone() async throws {
        let fixture = try Self.fixture(screens: nil)
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            for wake in ["timer", "button", "button"] {
                #expect(try await Self.wake(client, fixture, wake).screen == .overview)
            }
        }
        #expect(fixture.tiles.drawn.allSatisfy { $0.screen == .overview })
    }

    @Test func theScreenAndTheEarlyAnswerSurviveARestart() async throws {
        let fixture = try Self.fixture(screens: Self.screens)
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        let before = try await fixture.withRouter { client async throws in
            _ = try await Self.wake(client, fixture, "timer")
            return try await Self.wake(client, fixture, "button")
        }
        #expect(before.screen == .targets)
        // A new process over the same state folder: the early ask gets the same name back, its
        // image answers, and the next wake goes on to the screen after.
        let restarted = try ServerFixture.restarted(fixture)
        try await restarted.withRouter { client async throws in
            let early = try await Self.wake(client, restarted, "timer")
            #expect(early.filename == before.filename && restarted.tiles.drawn.isEmpty)
            #expect(try await Self.wake(client, restarted, "button").screen == .devices)
        }
    }

    @Test func theConfigurationNamesScreens() throws {
        #expect(TileScreen.allCases.map(\.rawValue) == ["overview", "targets", "devices", "qr", "map"])
        var request = TileRequest(target: .display(.trmnl), theme: .light, timeZone: .gmt)
        #expect(request.fileName == "tiles/trmnl-light.png")
        request.screen = .qr
        #expect(request.fileName == "tiles/trmnl-qr-light.png")
    }
}

extension ServerFixture {
    /// A fixture like `fixture` over the same state folder and settings, as a restarted server:
    /// nothing drawn or remembered in memory.
    static func restarted(_ fixture: ServerFixture) throws -> ServerFixture {
        var restarted = try ServerFixture(folder: fixture.folder)
        restarted.arguments = fixture.arguments
        restarted.clock.advance(by: fixture.clock.now.timeIntervalSince(restarted.clock.now))
        return restarted
    }
}
