import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapModel
import NetsnapRaster
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// Drawn tiles are cached: drawn once per snapshot, again when their data turns stale or
/// the age they show changes, under a bound, with one drawing for requests that miss together.
extension TileControllerTests {
    @Test func aTileIsDrawnOnceUntilTheSnapshotChanges() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/tiles/medium.png", method: .get)
            let second = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(second.headers[.eTag] == first.headers[.eTag])
            let revalidated = try await client.execute(
                uri: "/tiles/medium.png", method: .get, headers: [.ifNoneMatch: first.headers[.eTag]!])
            #expect(revalidated.status == .notModified)
            #expect(fixture.tiles.drawn.count == 1)

            fixture.widgets.publish(ServerFixture.widgets(at: fixture.clock.now.addingTimeInterval(30)))
            let third = try await client.execute(uri: "/tiles/medium.png", method: .get, headers: [.ifNoneMatch: first.headers[.eTag]!])
            #expect(third.status == .ok)
            #expect(third.headers[.eTag] != first.headers[.eTag])
            #expect(fixture.tiles.drawn.count == 2)
        }
    }

    @Test func displaysAreDitheredAsConfigured() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.dithering = .floydSteinberg
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: "/tiles/trmnl-gray.png", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/tiles/640x384.png?format=gray2", method: .get).status == .ok)
        }
        #expect(fixture.tiles.drawn.map(\.dithering) == [.floydSteinberg, .floydSteinberg])
    }

    /// Any canvas can be asked for, so the cache keeps the most recently used tiles only.
    @Test func theTileCacheIsBounded() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            for width in 100..<(100 + TileService.capacity + 6) {
                #expect(try await client.execute(uri: "/tiles/\(width)x100.png", method: .get).status == .ok)
            }
            let drawn = fixture.tiles.drawn.count
            let newest = "/tiles/\(99 + TileService.capacity + 6)x100.png"
            #expect(try await client.execute(uri: newest, method: .get).status == .ok)
            #expect(fixture.tiles.drawn.count == drawn, "the newest tile is still kept")
            #expect(try await client.execute(uri: "/tiles/100x100.png", method: .get).status == .ok)
            #expect(fixture.tiles.drawn.count == drawn + 1, "the oldest tile gave way and is drawn again")
        }
    }

    @Test func requestsThatMissTogetherShareOneDrawing() async throws {
        let fixture = try ServerFixture(drawingTime: .milliseconds(200))
        try await fixture.withRouter { client async throws in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.execute(uri: "/tiles/large.png?scale=3", method: .get).status }
                }
                for try await status in group { #expect(status == .ok) }
            }
        }
        #expect(fixture.tiles.drawn.count == 1)
    }

    @Test func aTileIsDrawnAgainOnceWhenItsDataTurnsStale() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let fresh = try await client.execute(uri: "/tiles/small.png", method: .get)
            fixture.clock.advance(by: 301)
            let stale = try await client.execute(uri: "/tiles/small.png", method: .get)
            _ = try await client.execute(uri: "/tiles/small.png", method: .get)
            #expect(stale.headers[.eTag] != fresh.headers[.eTag])
            #expect(String(decoding: stale.body.readableBytesView, as: UTF8.self).contains("stale"))
        }
        #expect(fixture.tiles.drawn.count == 2)
    }

    @Test func aStaleTileIsDrawnAgainWhenTheAgeItShowsChanges() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            fixture.clock.advance(by: 8 * 60)
            let eight = try await client.execute(uri: "/tiles/small.png", method: .get)
            fixture.clock.advance(by: 20)
            _ = try await client.execute(uri: "/tiles/small.png", method: .get)
            #expect(fixture.tiles.drawn.count == 1, "still \"Stale · 8 min\"")
            fixture.clock.advance(by: 60)
            let nine = try await client.execute(uri: "/tiles/small.png", method: .get)
            #expect(fixture.tiles.drawn.count == 2, "now \"Stale · 9 min\"")
            #expect(nine.status == .ok && eight.status == .ok)
        }
    }

    @Test func tilesCarryLastModifiedAndKeepItWhileThePictureIsTheSame() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/tiles/medium.png", method: .get)
            let modified = try #require(first.headers[.lastModified])
            #expect(modified == "Wed, 18 Nov 2026 11:06:40 GMT")
            let since = try await client.execute(uri: "/tiles/medium.png", method: .get, headers: [.ifModifiedSince: modified])
            #expect(since.status == .notModified)
            #expect(since.headers[.lastModified] == modified)
            #expect(
                try await client.execute(
                    uri: "/tiles/medium.png", method: .get, headers: [.ifModifiedSince: "Tue, 17 Nov 2026 08:26:40 GMT"]
                ).status == .ok)
            // If-None-Match decides when both are sent.
            #expect(
                try await client.execute(
                    uri: "/tiles/medium.png", method: .get, headers: [.ifModifiedSince: modified, .ifNoneMatch: "\"other\""]
                ).status == .ok)

            // New data (one device more) with the same picture: drawn again, but the same version.
            fixture.clock.advance(by: 45)
            var widgets = ServerFixture.widgets(at: fixture.clock.now.addingTimeInterval(-45))
            widgets.large.devicesTotal += 1
            fixture.widgets.publish(widgets)
            let again = try await client.execute(uri: "/tiles/medium.png", method: .get)
            #expect(fixture.tiles.drawn.count == 2)
            #expect(again.headers[.eTag] == first.headers[.eTag])
            #expect(again.headers[.lastModified] == modified)
        }
    }
}
