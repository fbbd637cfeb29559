import Foundation
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

@testable import NetsnapServer

/// The same behaviour over real loopback sockets, plus what only sockets can show: many
/// clients at once and the connection limit (timeouts: `ConnectionTimeoutTests`).
@Suite(.serialized) struct LiveServerTests {
    @Test func getConditionalGetHeadAndRefusalsOverTheWire() async throws {
        let fixture = try ServerFixture()
        try await fixture.application().test(.live) { client async throws in
            let get = try await client.execute(uri: "/tiles/medium.png?scale=3&theme=light", method: .get)
            #expect(get.status == .ok)
            #expect(get.headers[.contentType] == "image/png")
            let tag = try #require(get.headers[.eTag])
            let notModified = try await client.execute(
                uri: "/tiles/medium.png?scale=3&theme=light", method: .get, headers: [.ifNoneMatch: tag])
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            let head = try await client.execute(uri: "/feed.json", method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "application/feed+json")
            #expect(head.body.readableBytes == 0)
            let post = try await client.execute(uri: "/feed.json", method: .post, body: ByteBuffer(string: "{}"))
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
            #expect(try await client.execute(uri: "/pages", method: .get).status == .notFound)
        }
        withExtendedLifetime(fixture) {}
    }

    @Test func headOverRawSocketCarriesNoBody() async throws {
        try await LiveServer.run(try ServerFixture()) { port async throws in
            let reply = try await RawHTTPConnection.offThePool {
                try RawHTTPConnection(port: port).exchange("HEAD /widgets.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            }
            #expect(reply.statusCode == 200)
            let length = OutputFolderFixture.files["widgets.json"]!.utf8.count
            #expect(reply.text.lowercased().contains("content-length: \(length)\r\n"))
            #expect(reply.text.hasSuffix("\r\n\r\n"))
        }
    }

    @Test func fiftyConcurrentClients() async throws {
        let fixture = try ServerFixture()
        let statuses = NIOLockedValueBox<[HTTPResponse.Status]>([])
        try await LiveServer.run(fixture) { port async throws in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await TestClient.withClient(host: "127.0.0.1", port: port) { client async throws in
                            for path in ["/widgets.json", "/tiles/medium.png", "/api/display", "/tiles/medium@2x-dark.png"] {
                                let response = try await client.execute(
                                    TestClient.Request(path, method: index % 2 == 0 ? .get : .head, authority: "localhost"))
                                statuses.withLockedValue { $0.append(response.status) }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let answered = statuses.withLockedValue { $0 }
        #expect(answered.count == 200)
        #expect(answered.allSatisfy { $0 == .ok })
        // Fifty clients, two tiles (medium and the trmnl display), each drawn once.
        #expect(fixture.tiles.drawn.count == 2)
    }

    @Test func oneAddressGetsItsShareAndNoMoreWhileOthersAreServed() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.connectionsPerAddress = 3
        fixture.arguments.headerTimeoutSeconds = 10
        try await LiveServer.run(fixture) { port async throws in
            let (refused, other, stillOpen) = try await RawHTTPConnection.offThePool {
                let hogs = try (0..<3).map { _ in try RawHTTPConnection(port: port, timeout: 0.5, source: "127.0.0.2") }
                Thread.sleep(forTimeInterval: 0.2)
                let extra = try RawHTTPConnection(port: port, timeout: 3, source: "127.0.0.2")
                let refused = RawHTTPConnection.Reply(bytes: extra.readToEnd())
                let other = try RawHTTPConnection(port: port, timeout: 3)
                    .exchange("GET /badge.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                return (refused, other.statusCode, hogs.filter { !$0.isClosedByServer() }.count)
            }
            #expect(refused.statusCode == 503)
            #expect(refused.text.contains("Retry-After: 5"))
            #expect(other == 200)
            #expect(stillOpen == 3, "the address's first connections keep their slots")
        }
    }

    @Test func aNewClientTakesTheSlotOfTheLongestWaitingConnection() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.connectionLimit = 2
        fixture.arguments.headerTimeoutSeconds = 10
        fixture.arguments.requestTimeoutSeconds = 10
        try await LiveServer.run(fixture) { port async throws in
            let (status, waited, oldestClosed, newerOpen) = try await RawHTTPConnection.offThePool {
                let oldest = try RawHTTPConnection(port: port, timeout: 0.5, source: "127.0.0.2")
                try oldest.send("GET /badge.json HTTP/1.1\r\n")
                Thread.sleep(forTimeInterval: 0.1)
                let newer = try RawHTTPConnection(port: port, timeout: 0.5, source: "127.0.0.3")
                Thread.sleep(forTimeInterval: 0.2)
                let start = ContinuousClock.now
                let reply = try RawHTTPConnection(port: port, timeout: 5)
                    .exchange("GET /badge.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                return (reply.statusCode, ContinuousClock.now - start, oldest.isClosedByServer(), !newer.isClosedByServer())
            }
            #expect(status == 200)
            // Both slots were held by slow connections for 10 s; the new client did not wait for them.
            #expect(waited < .seconds(3), "served after \(waited)")
            #expect(oldestClosed)
            #expect(newerOpen)
        }
    }

    @Test func connectionsBeingServedKeepTheirSlots() async throws {
        // A tile that takes 1.5 s to draw: its connection sent a whole request and waits for it.
        var fixture = try ServerFixture(drawingTime: .milliseconds(1500))
        fixture.arguments.connectionLimit = 1
        try await LiveServer.run(fixture) { port async throws in
            let (whileBusy, busy, afterwards) = try await RawHTTPConnection.offThePool {
                let request = { (path: String) in "GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" }
                let drawing = try RawHTTPConnection(port: port, timeout: 5)
                try drawing.send(request("/tiles/medium.png"))
                Thread.sleep(forTimeInterval: 0.3)
                let whileBusy = try RawHTTPConnection(port: port, timeout: 5).exchange(request("/badge.json"))
                let busy = RawHTTPConnection.Reply(bytes: drawing.readToEnd())
                let afterwards = try RawHTTPConnection(port: port, timeout: 5).exchange(request("/badge.json"))
                return (whileBusy.statusCode, busy.statusCode, afterwards.statusCode)
            }
            #expect(whileBusy == 503, "the only slot was being served: a newcomer is told to come back")
            #expect(busy == 200, "the connection being served kept its slot")
            #expect(afterwards == 200)
        }
    }

    @Test func aClientThatStopsReadingGivesWayToANewOne() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.connectionLimit = 1
        fixture.arguments.requestTimeoutSeconds = 10
        try Data(count: 16 << 20).write(to: URL(fileURLWithPath: fixture.folder.directory + "/large.txt"))
        try await LiveServer.run(fixture) { port async throws in
            let (status, stalledClosed) = try await RawHTTPConnection.offThePool {
                // Its response is handed over; only the client's reading holds it up.
                let stalled = try RawHTTPConnection(port: port, timeout: 2, receiveBuffer: 4096)
                try stalled.send("GET /large.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
                // Long enough for the whole response to be handed to the connection, even on a busy machine.
                Thread.sleep(forTimeInterval: 1)
                let reply = try RawHTTPConnection(port: port, timeout: 5)
                    .exchange("GET /badge.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let received = stalled.readToEnd().count
                return (reply.statusCode, received < 16 << 20)
            }
            #expect(status == 200)
            #expect(stalledClosed)
        }
    }
}
