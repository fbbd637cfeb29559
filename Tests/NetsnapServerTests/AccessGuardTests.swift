import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import NetsnapServer

@Suite struct AccessGuardTests {
    static let token = "s3cret-token-for-tests"

    func guarded(publicPaths: [String] = ["/badge.json", "/summary.json"]) throws -> ServerFixture {
        var fixture = try ServerFixture()
        fixture.arguments.token = Self.token
        fixture.arguments.publicPaths = publicPaths
        return fixture
    }

    @Test(arguments: ["/widgets.json", "/", "/tiles/medium.png", "/api/display", "/healthz", "/metrics", "/missing", "/../etc/passwd"])
    func everythingElseNeedsTheToken(path: String) async throws {
        try await guarded().withRouter { client async throws in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .unauthorized, "\(path)")
            #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"netsnap\"")
            #expect(!String(buffer: response.body).contains("schemaVersion"))
        }
    }

    @Test(arguments: [
        "Bearer \(token)", "bearer \(token)", "BEARER \(token)",
    ])
    func bearerTokenOpensEverything(authorization: String) async throws {
        try await guarded().withRouter { client async throws in
            let response = try await client.execute(uri: "/widgets.json", method: .get, headers: [.authorization: authorization])
            #expect(response.status == .ok)
        }
    }

    @Test func trmnlAccessTokenHeaderIsAccepted() async throws {
        try await guarded().withRouter { client async throws in
            let response = try await client.execute(uri: "/api/display", method: .get, headers: [.init("Access-Token")!: Self.token])
            #expect(response.status == .ok)
            let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
            let filename = try #require(body?["filename"] as? String)
            // The device fetches image_url without headers: the keyed name is the capability.
            #expect(try await client.execute(uri: "/display/\(filename).png", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/display/0123456789abcdef0123456789abcdef.png", method: .get).status == .notFound)
            // Only names of the shape handed out pass without the token.
            for path in ["/display/guess.png", "/display/../widgets.json", "/display/%2e%2e/widgets.json", "/display/"] {
                #expect(try await client.execute(uri: path, method: .get).status == .unauthorized, "\(path)")
            }
        }
    }

    @Test(arguments: [
        "Bearer wrong-token-of-some-length", "Bearer \(token)x", "Bearer", "Bearer ", "Basic \(token)", "\(token)",
    ])
    func wrongOrMalformedTokensAreRefused(authorization: String) async throws {
        try await guarded().withRouter { client async throws in
            let response = try await client.execute(uri: "/widgets.json", method: .get, headers: [.authorization: authorization])
            #expect(response.status == .unauthorized)
        }
    }

    @Test func publicPathsNeedNoToken() async throws {
        try await guarded().withRouter { client async throws in
            #expect(try await client.execute(uri: "/badge.json", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/summary.json", method: .head).status == .ok)
            // Only the exact paths: an encoded spelling is not public.
            #expect(try await client.execute(uri: "/%62adge.json", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/badge.json/", method: .get).status == .unauthorized)
        }
    }

    @Test func readOnlyRefusalComesBeforeTheGuard() async throws {
        try await guarded().withRouter { client async throws in
            #expect(try await client.execute(uri: "/widgets.json", method: .post).status == .methodNotAllowed)
        }
    }

    @Test func withoutATokenNothingIsGuarded() async throws {
        try await ServerFixture().withRouter { client async throws in
            #expect(try await client.execute(uri: "/widgets.json", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/metrics", method: .get).status == .ok)
        }
    }
}
