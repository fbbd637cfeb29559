import Foundation
import NIOCore
import NIOEmbedded
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// The wall's tiles already drawn for the wall as it is are answered by the shortcuts
/// (`KeptWallTiles`) with the router's very answer, whatever the order of the query; a new
/// wall, an odd query or a tile not drawn yet goes to the router.
@Suite(.serialized) struct KeptWallTileShortcutTests {
    private static let tile = "/tiles/sites/small.png?scale=2&theme=light"
    private static let reversed = "/tiles/sites/small.png?theme=light&scale=2"

    private static func get(_ target: String, method: String = "GET") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n"
    }

    /// A wall of two sites, as the aggregator writes `sites.json`.
    static func writeWall(in folder: String, names: [String] = ["Home", "Office"]) throws {
        let sites = names.map { #"{"name": "\#($0)", "state": "online", "ageSeconds": 12}"# }.joined(separator: ", ")
        try #"{"generatedAt": "2026-11-28T08:00:00Z", "sites": [\#(sites)]}"#.write(
            toFile: folder + "/sites.json", atomically: true, encoding: .utf8)
    }

    @Test func aKeptWallTileIsAnsweredAsTheRouterDrewItInEitherOrder() async throws {
        let fixture = try ServerFixture()
        try Self.writeWall(in: fixture.folder.directory)
        try await LiveServer.run(fixture) { port async throws in
            let replies = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                var replies: [RawHTTPConnection.Reply?] = []
                for (target, method) in [(Self.tile, "GET"), (Self.tile, "GET"), (Self.reversed, "GET"), (Self.reversed, "HEAD")] {
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
            #expect(replies[1]?.body == drawn.body && replies[2]?.body == drawn.body)
            #expect(fixture.tiles.wallsDrawn.count == 1, "the other order is the same entry")
        }
    }

    @Test func aKeptWallTileIsAnsweredFromTheBytes() async throws {
        let harness = try await Harness()
        for target in [Self.tile, Self.reversed, Self.tile + "&t=1700000000", "/tiles/sites/small.png?scale=2&theme=%6Cight"] {
            let answer = try harness.send(Self.get(target))
            #expect(answer.passedOn.isEmpty, "\(target)")
            #expect(answer.answered.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.answered.hasSuffix("\r\n\r\n" + String(buffer: harness.drawn.bytes)))
        }
    }

    @Test(arguments: [
        "/tiles/sites/small.png?%73cale=2&theme=light", "/tiles/sites/small.png?scale=2&scale=2&theme=light",
        "/tiles/sites/medium.png?scale=2&theme=light", "/tiles/sites/small.png?scale=4&theme=light", "/tiles/sites/small.png",
    ])
    func whatTheShortcutCannotDecideGoesToTheRouter(_ target: String) async throws {
        let request = Self.get(target)
        #expect(try await Harness().send(request) == ("", request))
    }

    @Test func aNewWallGoesToTheRouter() async throws {
        let harness = try await Harness()
        try Self.writeWall(in: harness.fixture.folder.directory, names: ["Home", "Office", "Cabin"])
        let request = Self.get(Self.tile)
        #expect(try harness.send(request) == ("", request))
    }

    /// The plain shortcut alone on a channel, over a wall cache that holds
    /// `small.png?scale=2&theme=light` as the router keeps it.
    private final class Harness {
        let fixture: ServerFixture
        let channel = EmbeddedChannel()
        let drawn: Representation

        init() async throws {
            fixture = try ServerFixture()
            try KeptWallTileShortcutTests.writeWall(in: fixture.folder.directory)
            let query = TileQuery(timeZone: fixture.arguments.timeZone, displayTheme: .light, dithering: .ordered)
            let request = TileRequest(target: .widget(.small, scale: 2), theme: .light, timeZone: fixture.arguments.timeZone)
            let wallFile = fixture.folder.directory + "/sites.json"
            let cache = WallTileCache()
            let stamp = try #require(WallTileCache.stamp(of: wallFile))
            let now = fixture.clock.reading
            drawn = await cache.tile(stamp: stamp.key, request: request, carried: now().timeIntervalSince(stamp.written)) {
                Representation(bytes: TinyPNG.make(text: "wall"), contentType: "image/png", cacheControl: "max-age=30")
            }
            let shared = CachedFileShortcut.Shared(
                files: OutputFileResponder(folder: try #require(OutputFolder(path: fixture.folder.directory)), maxAgeSeconds: 30),
                accessGuard: AccessGuard(token: nil, publicPaths: []), metrics: ServerMetrics(),
                wallTiles: KeptWallTiles(cache: cache, query: query, wallFile: wallFile, now: now))
            let ticket = ConnectionTicket(
                registry: ConnectionRegistry(total: 8, perAddress: 8), channel: channel, headerTimeout: .seconds(3),
                idleTimeout: .seconds(30))
            try channel.pipeline.syncOperations.addHandler(PlainFileShortcut(shared, ticket: ticket))
            #expect(ticket.admit())
        }

        deinit { try? FileManager.default.removeItem(atPath: fixture.folder.directory) }

        func send(_ text: String) throws -> (answered: String, passedOn: String) { try channel.exchange(text) }
    }
}
