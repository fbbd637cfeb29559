import Foundation
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

@testable import NetsnapServer

/// The same behaviour over real loopback sockets, plus what only sockets can show: many
/// clients at once, timeouts and the connection limit.
@Suite(.serialized) struct LiveServerTests {
    @Test func getConditionalGetHeadAndRefusalsOverTheWire() async throws {
        let fixture = try ServerFixture()
        try await fixture.application().test(.live) { client async throws in
            let get = try await client.execute(uri: "/tiles/medium.png?scale=3&theme=light", method: .get)
            #expect(get.status == .ok)
            #expect(get.headers[.contentType] == "image/png")
            let tag = try #require(get.headers[.eTag])
            let notModified = try await client.execute(uri: "/tiles/medium.png?scale=3&theme=light", method: .get, headers: [.ifNoneMatch: tag])
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
                                let response = try await client.execute(TestClient.Request(path, method: index % 2 == 0 ? .get : .head, authority: "localhost"))
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

    @Test func aClientTricklingItsRequestIsCutOff() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.requestTimeoutSeconds = 0.5
        try await LiveServer.run(fixture) { port async throws in
            let (closed, elapsed) = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 0.2)
                let start = ContinuousClock.now
                try connection.send("GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n")
                var closed = false
                for index in 0..<20 where !closed {
                    // One more header line every 200 ms: never a complete request.
                    do { try connection.send("X-Slow-\(index): yes\r\n") } catch { closed = true }
                    if connection.isClosedByServer() { closed = true }
                }
                return (closed, ContinuousClock.now - start)
            }
            #expect(closed)
            #expect(elapsed < .seconds(3))
        }
    }

    @Test func aClientThatStopsReadingIsCutOff() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.requestTimeoutSeconds = 0.5
        let size = 48 << 20
        try Data(count: size).write(to: URL(fileURLWithPath: fixture.folder.directory + "/large.txt"))
        try await LiveServer.run(fixture) { port async throws in
            let received = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 2, receiveBuffer: 4096)
                try connection.send("GET /large.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
                Thread.sleep(forTimeInterval: 2)
                return connection.readToEnd()
            }
            #expect(received.count > 0)
            #expect(received.count < size)
        }
    }

    @Test func theConnectionLimitHoldsNewClientsUntilASlotFrees() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.connectionLimit = 2
        fixture.arguments.requestTimeoutSeconds = 1
        try await LiveServer.run(fixture) { port async throws in
            let (status, waited, idleClosed) = try await RawHTTPConnection.offThePool {
                let idle = try (0..<2).map { _ in try RawHTTPConnection(port: port, timeout: 3) }
                Thread.sleep(forTimeInterval: 0.2)
                let start = ContinuousClock.now
                let waiting = try RawHTTPConnection(port: port, timeout: 5)
                let reply = try waiting.exchange("GET /badge.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                return (reply.statusCode, ContinuousClock.now - start, idle.allSatisfy { $0.isClosedByServer() })
            }
            #expect(status == 200)
            #expect(waited > .milliseconds(600), "served after \(waited) although both slots were taken")
            #expect(waited < .seconds(4))
            #expect(idleClosed)
        }
    }
}
