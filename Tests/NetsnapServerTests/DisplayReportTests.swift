import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapServer

/// Every TRMNL request updates what netsnap knows of the device from its headers; bad
/// headers are ignored, hostile text is defused.
@Suite struct DisplayReportTests {
    /// `/api/setup` (ID, FW-Version, Model), `/api/display` (the whole set) and `/api/log`
    /// each update the record; a later request without a header keeps the old value.
    @Test func everyDeviceRequestUpdatesTheRecord() async throws {
        let fixture = try DisplayLogTests.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            let setup: HTTPFields = [
                .init("ID")!: DisplayLogTests.mac, .contentType: "application/json", .init("FW-Version")!: "1.8.4",
                .init("Model")!: "og",
            ]
            #expect(try await client.execute(uri: "/api/setup", method: .get, headers: setup).status == .ok)
            var record = try #require(try DisplayLogTests.state(fixture).first)
            #expect(record.firmware == "1.8.4" && record.model == "og" && record.batteryVolts == nil)
            #expect(record.lastSeen == fixture.clock.now)

            fixture.clock.advance(by: 900)
            let display = try await client.execute(uri: "/api/display", method: .get, headers: DisplayLogTests.displayHeaders)
            #expect(display.status == .ok)
            record = try #require(try DisplayLogTests.state(fixture).first)
            #expect(record.firmware == "1.8.5" && record.batteryVolts == 4.1 && record.rssi == -55)
            #expect(record.width == 800 && record.height == 480 && record.refreshSeconds == 900)
            #expect(record.lastSeen == fixture.clock.now)

            fixture.clock.advance(by: 900)
            var headers = DisplayLogTests.logHeaders
            headers[.init("Battery-Voltage")!] = "garbage"
            let log = try await DisplayLogTests.post(DisplayLogTests.currentBody, headers: headers, client)
            #expect(log.status == .noContent)
            record = try #require(try DisplayLogTests.state(fixture).first)
            #expect(record.batteryVolts == 4.1 && record.lastSeen == fixture.clock.now)
        }
    }

    /// A device the server does not pair with leaves no record behind.
    @Test func strangersLeaveNoRecord() async throws {
        let fixture = try DisplayLogTests.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            var headers = DisplayLogTests.displayHeaders
            headers[.init("ID")!] = "11:22:33:44:55:66"
            #expect(try await client.execute(uri: "/api/display", method: .get, headers: headers).status == .ok)
            #expect(try await client.execute(uri: "/api/setup", method: .get, headers: headers).status == .notFound)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.arguments.displayStateDirectory! + "/displays.json"))
    }
}
