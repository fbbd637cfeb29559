import Foundation
import NIOCore
import NIOEmbedded
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// Tiles already drawn and current are answered by the shortcuts (`KeptTiles`) with the
/// router's very answer, whatever the order of the query's parameters; anything the
/// shortcut cannot decide for certain — a refusal, an odd query, changed data, a missing
/// token — goes to the router.
@Suite(.serialized) struct KeptTileShortcutTests {
    private static let tile = "/tiles/medium.png?scale=2&theme=light"
    private static let reversed = "/tiles/medium.png?theme=light&scale=2"

    private static func get(_ target: String, method: String = "GET", fields: String = "") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\(fields)\r\n"
    }

    @Test func aKeptTileIsAnsweredAsTheRouterDrewItInEitherOrder() async throws {
        let fixture = try ServerFixture()
        try await LiveServer.run(fixture) { port async throws in
            let replies = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                var replies: [RawHTTPConnection.Reply?] = []
                // One at a time, each after the last is answered, so the shortcuts may take them.
                let escaped = "/tiles/medium.png?scale=%32&theme=l%69ght"
                for (target, method) in [
                    (Self.tile, "GET"), (Self.tile, "GET"), (Self.reversed, "GET"), (Self.reversed, "HEAD"), (escaped, "GET"),
                ] {
                    try connection.send(Self.get(target, method: method))
                    replies.append(connection.readReply(bodyExpected: method == "GET"))
                }
                return replies
            }
            let drawn = try #require(replies[0])
            #expect(drawn.statusCode == 200)
            #expect(drawn.fieldsButDate.contains("content-type: image/png"))
            for reply in replies.dropFirst() {
                #expect(reply?.statusLine == drawn.statusLine)
                #expect(reply?.fieldsButDate == drawn.fieldsButDate)
            }
            #expect(replies[1]?.body == drawn.body && replies[2]?.body == drawn.body && replies[4]?.body == drawn.body)
            #expect(fixture.tiles.drawn.count == 1, "the other order and spelling are the same entry")
            let metrics = try await RawHTTPConnection.offThePool {
                try RawHTTPConnection(port: port).exchange(Self.get("/metrics", fields: "Connection: close\r\n")).text
            }
            #expect(metrics.contains(#"netsnap_http_requests_total{handler="tiles",method="GET",status="200"} 4"#))
            #expect(metrics.contains(#"netsnap_http_requests_total{handler="tiles",method="HEAD",status="200"} 1"#))
        }
    }

    @Test func theTokenGuardsAKeptTileAsItGuardsAFile() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = "secret-token"
        try await LiveServer.run(fixture) { port async throws in
            let replies = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                let bearer = "Authorization: Bearer secret-token\r\n"
                var replies: [RawHTTPConnection.Reply?] = []
                let asked = [(Self.tile, bearer), (Self.reversed, ""), (Self.reversed, bearer), (Self.tile, "Access-Token: nope\r\n")]
                for (target, fields) in asked {
                    try connection.send(Self.get(target, fields: fields))
                    replies.append(connection.readReply())
                }
                return replies
            }
            #expect(replies.map { $0?.statusCode } == [200, 401, 200, 401])
            #expect(replies[2]?.fieldsButDate == replies[0]?.fieldsButDate)
            #expect(replies[2]?.body == replies[0]?.body)
        }
    }

    @Test func aKeptTileIsAnsweredFromTheBytesWhateverTheOrder() async throws {
        let harness = try await Harness()
        let first = try harness.send(Self.get(Self.tile))
        #expect(first.passedOn.isEmpty)
        #expect(first.answered.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(first.answered.hasSuffix("\r\n\r\n" + String(buffer: harness.drawn.bytes)))
        for field in harness.drawn.okHead(date: "x", server: ServerIdentity.name).headerFields where field.name != .date {
            #expect(first.answered.contains("\r\n\(field.name.rawName): \(field.value)\r\n"), "\(field.name)")
        }
        // The router ignores names no tile takes (displays' cache-busters), and decodes values'
        // escapes: so does the shortcut.
        for target in [Self.reversed, Self.tile + "&t=1700000000", "/tiles/medium.png?theme=%6C%69ght&scale=%32"] {
            let again = try harness.send(Self.get(target))
            #expect(again.passedOn.isEmpty && Self.withoutDate(again.answered) == Self.withoutDate(first.answered), "\(target)")
        }
    }

    @Test(arguments: [
        "?scale=2&scale=2&theme=light", "?%73cale=2&theme=light", "?scale=2&theme=%6Gight", "?scale=2&theme=%6", "?scale=2&theme=%4C%69ght",
        "?scale=2&theme=light&t", "?scale=2&theme=light&=1",
        "?scale=4&theme=light", "?scale=3&theme=light", "?scale=2&theme=light&format=bmp", "?scale=2&theme=Light", "",
    ])
    func whatTheShortcutCannotDecideGoesToTheRouter(_ query: String) async throws {
        let request = Self.get("/tiles/medium.png" + query)
        #expect(try await Harness().send(request) == ("", request))
    }

    @Test func aTileWhoseDataChangedGoesToTheRouter() async throws {
        let published = try await Harness()
        published.fixture.widgets.publish(ServerFixture.widgets(at: published.fixture.clock.now.addingTimeInterval(30)))
        #expect(try published.send(Self.get(Self.tile)).answered.isEmpty, "new widgets")
        let aged = try await Harness()
        aged.fixture.clock.advance(by: 301)
        #expect(try aged.send(Self.get(Self.tile)).answered.isEmpty, "the tile would say it is stale now")
    }

    /// The watch publishes every cycle; models equal to the last are kept as the same object,
    /// so the drawn tile still answers on the event loop.
    @Test func theSameWidgetsPublishedAgainStillAnswerFromTheShortcut() async throws {
        let harness = try await Harness()
        let models = try #require(harness.fixture.widgets.latestModels())
        harness.fixture.widgets.publish(models.widgets)
        #expect(try !harness.send(Self.get(Self.tile)).answered.isEmpty)
    }

    @Test func withATokenABareRequestForAKeptTileGoesToTheRouter() async throws {
        let request = Self.get(Self.tile)
        #expect(try await Harness(token: "secret").send(request) == ("", request))
    }

    private static func withoutDate(_ text: String) -> String {
        text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
    }

    /// The plain shortcut alone on a channel, over a tile service that has drawn
    /// `medium.png?scale=2&theme=light` as the router would.
    private final class Harness {
        let fixture: ServerFixture
        let channel = EmbeddedChannel()
        let drawn: Representation

        init(token: String? = nil) async throws {
            fixture = try ServerFixture()
            let now = fixture.clock.reading
            let service = TileService(source: fixture.widgets, provider: fixture.tiles, now: now, maxAgeSeconds: 30)
            let query = TileQuery(timeZone: fixture.arguments.timeZone, displayTheme: .light, dithering: .ordered)
            let request = TileRequest(target: .widget(.medium, scale: 2), theme: .light, timeZone: fixture.arguments.timeZone)
            guard case .tile(let representation) = try await service.tile(for: request) else { throw CancellationError() }
            drawn = representation
            let shared = CachedFileShortcut.Shared(
                files: OutputFileResponder(folder: try #require(OutputFolder(path: fixture.folder.directory)), maxAgeSeconds: 30),
                accessGuard: AccessGuard(token: token, publicPaths: []), metrics: ServerMetrics(),
                tiles: KeptTiles(service: service, query: query, now: now))
            let ticket = ConnectionTicket(
                registry: ConnectionRegistry(total: 8, perAddress: 8), channel: channel, headerTimeout: .seconds(3),
                idleTimeout: .seconds(30))
            try channel.pipeline.syncOperations.addHandler(PlainFileShortcut(shared, ticket: ticket))
            #expect(ticket.admit())
        }

        deinit { try? FileManager.default.removeItem(atPath: fixture.folder.directory) }

        /// Sends `text` as one read; returns what was written back and what went on to the parser.
        func send(_ text: String) throws -> (answered: String, passedOn: String) { try channel.exchange(text) }
    }
}
