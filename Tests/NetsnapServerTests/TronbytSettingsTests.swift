import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapModel
import Testing

@testable import NetsnapServer

/// `serve.tronbyt`: the brightness by day and at night and the calm dwell, for all Tronbyts
/// and by device name, in the headers its firmware reads (`remote.c`: `Tronbyt-Brightness`,
/// percent 0–100, and `Tronbyt-Dwell-Secs`). The firmware sends only `X-Firmware-Version`
/// and, with a key set, `Authorization: Bearer`.
@Suite struct TronbytSettingsTests {
    static let firmwareHeaders: HTTPFields = [.init("X-Firmware-Version")!: "v1.4.0"]

    static func headers(_ client: any TestClientProtocol, _ device: String) async throws -> (brightness: String?, dwell: String?) {
        let response = try await client.execute(uri: "/tronbyt/\(device)/next", method: .get, headers: firmwareHeaders)
        #expect(response.status == .ok && response.headers[.contentType] == "image/webp")
        return (response.headers[.init("Tronbyt-Brightness")!], response.headers[.init("Tronbyt-Dwell-Secs")!])
    }

    static func fixture(night: Bool) throws -> ServerFixture {
        var fixture = try ServerFixture()
        fixture.arguments.tronbyt = TronbytSettings(
            brightness: 60, nightBrightness: 15, dwellSeconds: 300,
            devices: [TronbytSettings.Device(name: "hall", brightness: 35, dwellSeconds: 45)])
        let minute = ClockWindow.minuteOfDay(fixture.clock.now, timeZone: fixture.arguments.timeZone)
        // A night window around the clock's time, or one well away from it.
        let start = night ? (minute + 1_410) % 1_440 : (minute + 60) % 1_440
        fixture.arguments.night = ClockWindow(from: start, until: (start + 60) % 1_440)
        return fixture
    }

    @Test func byDayEachDeviceGetsItsBrightnessAndCalmDwell() async throws {
        let fixture = try Self.fixture(night: false)
        fixture.widgets.publish(ServerFixture.calmWidgets(at: fixture.clock.now))
        try await fixture.withRouter { client async throws in
            #expect(try await Self.headers(client, "hall") == ("35", "45"))
            #expect(try await Self.headers(client, "kitchen") == ("60", "300"), "the section's values")
        }
    }

    @Test func atNightTheNightBrightnessAndAlertsShortenTheDwell() async throws {
        let fixture = try Self.fixture(night: true)
        try await fixture.withRouter { client async throws in
            // The sample has a target down: the alert rate (120 s) where the calm dwell is longer.
            #expect(try await Self.headers(client, "hall") == ("15", "45"), "hall has no night brightness of its own")
            #expect(try await Self.headers(client, "kitchen") == ("15", "120"))
        }
    }
}
