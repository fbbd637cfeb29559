import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapWatch
import Testing

@testable import NetsnapServer

/// The refresh rate follows the news: the alert rate while anything is wrong or just
/// changed, the normal one when calm, the sleep at night, twice as long on a low battery;
/// and an early ask gets the same picture back.
@Suite struct DisplayRefreshTests {
    static let zone = TimeZone(identifier: "Europe/Zurich")!
    static let schedule = DisplaySchedule(refreshSeconds: 900, sleepFrom: 23 * 60, sleepUntil: 6 * 60, alertRefreshSeconds: 120)
    /// 2026-11-18 12:06:40 in Zurich: awake.
    static let noon = Date(timeIntervalSince1970: 1_795_000_000)

    /// Through `/api/display` with the firmware's headers: a low battery doubles the rate; an
    /// early timer wake gets the same name though the picture changed, a button press the new one.
    @Test func anEarlyAskGetsTheSamePictureAndAButtonTheNewOne() async throws {
        let fixture = try DisplayLogTests.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            func ask(_ changes: [String: String] = [:]) async throws -> [String: Any] {
                var headers = DisplayLogTests.displayHeaders
                headers[.init("Update-Source")!] = "timer"
                for (name, value) in changes { headers[.init(name)!] = value }
                return try DisplayControllerTests.json(try await client.execute(uri: "/api/display", method: .get, headers: headers))
            }
            let first = try await ask(["Battery-Voltage": "3.20"])
            #expect(first["refresh_rate"] as? Int == 240, "the sample has a target down, and the battery is at 17 %")
            fixture.widgets.publish(ServerFixture.widgets(at: fixture.clock.now.addingTimeInterval(60)))
            fixture.clock.advance(by: 30)
            let early = try await ask()
            #expect(early["filename"] as? String == first["filename"] as? String)
            let pressed = try await ask(["Update-Source": "button"])
            #expect(pressed["filename"] as? String != first["filename"] as? String)
            fixture.clock.advance(by: 240)
            let onTime = try await ask(["Battery-Voltage": "4.10"])
            #expect(onTime["filename"] as? String == pressed["filename"] as? String)
            #expect(onTime["refresh_rate"] as? Int == 120)
        }
    }
}
