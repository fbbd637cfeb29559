import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapTiles
import NetsnapWatch
import Testing

@testable import NetsnapServer

/// `/api/setup`: which devices are paired, with and without a token.
extension DisplayControllerTests {
    @Test func setupPairsAnyDeviceWithoutATokenAndPointsAtTheCurrentImage() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: "/api/setup", method: .get, headers: [Self.deviceID: "aa:bb:cc:dd:ee:ff"])
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try Self.json(response)
            #expect(Set(body.keys) == ["status", "api_key", "friendly_id", "image_url", "message"])
            #expect(body["status"] as? Int == 200)
            #expect(body["api_key"] as? String == "netsnap")
            let friendlyID = try #require(body["friendly_id"] as? String)
            #expect(friendlyID.count == 6 && friendlyID.allSatisfy { $0.isHexDigit && !$0.isLowercase })
            let display = try Self.json(try await client.execute(uri: "/api/display", method: .get))
            #expect(body["image_url"] as? String == display["image_url"] as? String)

            // The same device (however its MAC is written) keeps its id; another gets another.
            let again = try Self.json(
                try await client.execute(uri: "/api/setup", method: .get, headers: [Self.deviceID: "AA-BB-CC-DD-EE-FF"]))
            #expect(again["friendly_id"] as? String == friendlyID)
            let other = try Self.json(
                try await client.execute(uri: "/api/setup", method: .get, headers: [Self.deviceID: "AA:BB:CC:DD:EE:00"]))
            #expect(other["friendly_id"] as? String != friendlyID)
        }
    }

    @Test(arguments: [nil, "", "not a mac", "AA:BB:CC:DD:EE"])
    func setupWithoutAUsableIDIsABadRequest(id: String?) async throws {
        try await ServerFixture().withRouter { client async throws in
            let headers: HTTPFields = id.map { [Self.deviceID: $0] } ?? [:]
            let response = try await client.execute(uri: "/api/setup", method: .get, headers: headers)
            #expect(response.status == .badRequest)
            let body = try Self.json(response)
            #expect(body["status"] as? Int == 400)
            #expect(body["api_key"] is NSNull)
        }
    }

    @Test func withATokenSetupHandsItOnlyToTheListedDevices() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = Self.token
        fixture.arguments.trmnlDevices = [try #require(MACAddress("AA:BB:CC:DD:EE:FF"))]
        try await fixture.withRouter { client async throws in
            let listed = try await client.execute(uri: "/api/setup", method: .get, headers: [Self.deviceID: "AA:BB:CC:DD:EE:FF"])
            #expect(listed.status == .ok)
            let key = try #require(try Self.json(listed)["api_key"] as? String)
            #expect(key == Self.token)
            // The key is what /api/display then accepts.
            let display = try await client.execute(
                uri: "/api/display", method: .get, headers: [.init("Access-Token")!: key])
            #expect(display.status == .ok)
            #expect(try await client.execute(uri: "/api/display", method: .get).status == .unauthorized)

            let stranger = try await client.execute(uri: "/api/setup", method: .get, headers: [Self.deviceID: "11:22:33:44:55:66"])
            #expect(stranger.status == .notFound)
            let body = try Self.json(stranger)
            #expect(body["status"] as? Int == 404)
            #expect(body["api_key"] is NSNull && body["friendly_id"] is NSNull)
            #expect(!String(decoding: stranger.body.readableBytesView, as: UTF8.self).contains(Self.token))
        }
    }

    @Test func withATokenAndNoDeviceListSetupPairsNobody() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = Self.token
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: "/api/setup", method: .get, headers: [Self.deviceID: "AA:BB:CC:DD:EE:FF"])
            #expect(response.status == .notFound)
            #expect(!String(decoding: response.body.readableBytesView, as: UTF8.self).contains(Self.token))
        }
    }
}
