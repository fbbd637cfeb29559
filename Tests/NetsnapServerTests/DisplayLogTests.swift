import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapDisplays
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapServer

/// `POST /api/log` and the device record every TRMNL request updates, driven with the
/// headers and bodies the firmware builds (`request_headers.cpp`, `serialize_log.cpp`,
/// `serialize_request_api_log.cpp` and their unit tests in usetrmnl/trmnl-firmware).
@Suite struct DisplayLogTests {
    static let mac = "AA:BB:CC:DD:EE:FF"
    static let token = "test-token"

    /// `buildLogHeaders`: ID, Accept, Access-Token, Content-Type.
    static var logHeaders: HTTPFields {
        [
            .init("ID")!: mac, .accept: "application/json, */*", .init("Access-Token")!: token,
            .contentType: "application/json",
        ]
    }

    /// `buildDisplayHeaders` as its unit test fills it in (an OG on firmware 1.8.5).
    static var displayHeaders: HTTPFields {
        [
            .init("ID")!: mac, .contentType: "application/json", .init("Update-Source")!: "scheduled",
            .init("Access-Token")!: token, .init("Refresh-Rate")!: "900", .init("Battery-Voltage")!: "4.10",
            .init("FW-Version")!: "1.8.5", .init("Model")!: "og", .init("Image-Cached")!: "false", .init("Wake-Time")!: "42",
            .init("RSSI")!: "-55", .init("Temperature-Profile")!: "true", .init("Width")!: "800", .init("Height")!: "480",
        ]
    }

    /// Firmware 1.5.10 and later: `{"logs":[…]}` around `serialize_log`'s object (1.8.10 adds `level`).
    static let currentBody = #"""
        {"logs":[{"created_at":1609459200,"id":456,"message":"Test log message","source_line":123,"source_path":"test.cpp","wifi_signal":-50,"wifi_status":"Connected","refresh_rate":30000,"sleep_duration":120,"firmware_version":"1.2.3","special_function":"None","battery_voltage":4.2,"wake_reason":"Timer","free_heap_size":50000,"max_alloc_size":40000,"level":"info"}]}
        """#

    /// Firmware 1.4.8–1.5.9: `{"log":{"logs_array":[…]}}` around the older object.
    static let olderBody = #"""
        {"log":{"logs_array":[{"creation_timestamp":1609459200,"device_status_stamp":{"wifi_rssi_level":-50,"wifi_status":"Connected","refresh_rate":30000,"time_since_last_sleep_start":120,"current_fw_version":"1.2.3","special_function":"None","battery_voltage":4.2,"wakeup_reason":"Timer","free_heap_size":50000,"max_alloc_size":40000},"log_id":456,"log_message":"Wi-Fi connection failed","log_codeline":617,"log_sourcefile":"src/bl.cpp","additional_info":{"filename_current":"current.png","filename_new":"new.png"}}]}}
        """#

    /// A fixture with a token, the firmware's test device paired, and its own state folder.
    static func fixture() throws -> ServerFixture {
        var fixture = try ServerFixture()
        fixture.arguments.token = token
        fixture.arguments.trmnlDevices = [try #require(MACAddress(mac))]
        fixture.arguments.displayStateDirectory = try TemporaryFolder.make("display-state")
        return fixture
    }

    static func state(_ fixture: ServerFixture) throws -> [DisplayRecord] {
        let folder = try #require(fixture.arguments.displayStateDirectory)
        let data = try #require(FileManager.default.contents(atPath: folder + "/displays.json"))
        guard case .array(let entries)? = try JSONParser.parse(Array(data))["displays"] else { return [] }
        return entries.compactMap(DisplayRecord.init(state:))
    }

    static func post(_ body: String, to uri: String = "/api/log", headers: HTTPFields = logHeaders, _ client: any TestClientProtocol)
        async throws -> TestResponse
    {
        try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func bothFirmwareShapesAreKeptAndAnswered204() async throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            #expect(try await Self.post(Self.currentBody, client).status == .noContent)
            #expect(try await Self.post(Self.olderBody, to: "/api/log/", client).status == .noContent)
        }
        let record = try #require(try Self.state(fixture).first)
        #expect(record.logs.map(\.message) == ["Test log message", "Wi-Fi connection failed"])
        #expect(record.logs.map(\.level) == ["info", nil])
        #expect(record.logs.map(\.source) == ["test.cpp:123", "src/bl.cpp:617"])
        #expect(record.logs.allSatisfy { $0.createdAt == Date(timeIntervalSince1970: 1_609_459_200) })
        #expect(record.logs.allSatisfy { $0.receivedAt == fixture.clock.now })
    }

    @Test func strangersAndBadTokensAreRefusedAsByDisplay() async throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            var wrongToken = Self.logHeaders
            wrongToken[.init("Access-Token")!] = "guess"
            #expect(try await Self.post(Self.currentBody, headers: wrongToken, client).status == .unauthorized)
            var stranger = Self.logHeaders
            stranger[.init("ID")!] = "11:22:33:44:55:66"
            #expect(try await Self.post(Self.currentBody, headers: stranger, client).status == .unauthorized)
            var anonymous = Self.logHeaders
            anonymous[.init("ID")!] = nil
            #expect(try await Self.post(Self.currentBody, headers: anonymous, client).status == .unauthorized)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.arguments.displayStateDirectory! + "/displays.json"))
    }

    @Test func bodiesThatAreTooLargeOrNotJSONAreRefused() async throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            let huge = #"{"logs":[{"message":""# + String(repeating: "x", count: 70_000) + #""}]}"#
            #expect(try await Self.post(huge, client).status == .contentTooLarge)
            #expect(try await Self.post("Wi-Fi connection failed", client).status == .badRequest)
            #expect(try await Self.post(#"{"entries":[]}"#, client).status == .badRequest)
            #expect(try await Self.post("", client).status == .badRequest)
        }
    }

    /// Nothing else became writable: POST elsewhere is 405 as before, and the log path takes only POST.
    @Test func onlyTheLogPathTakesAPost() async throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            for path in ["/api/display", "/api/setup", "/index.html", "/api/logs", "/api/log/x", "/tiles/small.png"] {
                let response = try await Self.post(Self.currentBody, to: path, client)
                #expect(response.status == .methodNotAllowed, "\(path)")
                #expect(response.headers[.allow] == "GET, HEAD")
            }
            let get = try await client.execute(uri: "/api/log", method: .get, headers: Self.logHeaders)
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
            let put = try await client.execute(uri: "/api/log", method: .put, headers: Self.logHeaders)
            #expect(put.status == .methodNotAllowed)
        }
    }

    /// The last 50 lines, each at most 2 KB, and they are still there after a restart.
    @Test func logsAreBoundedAndSurviveARestart() async throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.arguments.displayStateDirectory!) }
        try await fixture.withRouter { client async throws in
            for batch in 0..<6 {
                let lines = (0..<10).map {
                    #"{"created_at":1609459200,"message":"line \#(batch * 10 + $0) "# + String(repeating: "é", count: 1_500) + #""}"#
                }
                #expect(try await Self.post(#"{"logs":["# + lines.joined(separator: ",") + "]}", client).status == .noContent)
            }
        }
        let kept = try #require(try Self.state(fixture).first).logs
        #expect(kept.count == 50)
        #expect(kept.first?.message.hasPrefix("line 10 ") == true)
        #expect(kept.last?.message.hasPrefix("line 59 ") == true)
        #expect(kept.allSatisfy { $0.message.utf8.count <= 2_048 && $0.message.utf8.count > 2_000 })

        // A new server over the same state folder still has them, and adds to them.
        try await fixture.withRouter { client async throws in
            #expect(try await Self.post(Self.currentBody, client).status == .noContent)
        }
        let after = try #require(try Self.state(fixture).first).logs
        #expect(after.count == 50)
        #expect(after.first?.message.hasPrefix("line 11 ") == true)
        #expect(after.last?.message == "Test log message")
    }
}
