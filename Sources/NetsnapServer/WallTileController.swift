import Foundation
import Hummingbird
import NetsnapJSON
import NetsnapTiles
import NetsnapWidgets

/// `GET /tiles/sites/{name}.png` — the wall of sites (`watch --sites`) as a tile, for every
/// name `/tiles/{name}.png` takes (`small`, `trmnl`, `led-64x32`, any `WxH`, with `theme`,
/// `scale` and `format`), drawn on demand from the `sites.json` the wall last wrote. Without
/// a wall it declines (404), as a path to no file does.
struct WallTileController<Context: RequestContext> {
    /// Where the wall is read from, below the output folder.
    static var wallFile: String { "sites.json" }
    static var pathPrefix: String { "/tiles/sites/" }

    let provider: (any TileProvider)?
    let query: TileQuery
    let wallFile: String
    let now: @Sendable () -> Date
    let maxAgeSeconds: Int
    /// Tiles drawn for the wall as it is now, answered again without drawing (by the
    /// shortcuts too, `KeptWallTiles`).
    let cache: WallTileCache

    func addRoutes(to router: Router<Context>) {
        router.get("\(Self.pathPrefix){name}.png", use: tile)
        router.head("\(Self.pathPrefix){name}.png", use: tile)
    }

    /// True for `/tiles/sites/{name}.png` where `name` is what `/tiles/{name}.png` takes.
    static func isWallTilePath(_ path: String) -> Bool {
        path.hasPrefix(pathPrefix) && TileQuery.isTilePath("/tiles/" + path.dropFirst(pathPrefix.count))
    }

    @Sendable func tile(_ request: Request, context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        let parameters = request.uri.queryParameters
        let tileRequest: TileRequest?
        do throws(TileQuery.Refusal) {
            tileRequest = try query.request(
                name: name[...],
                parameters: TileQuery.Parameters(
                    scale: parameters[values: "scale"], theme: parameters[values: "theme"], format: parameters[values: "format"]),
                at: now())
        } catch {
            return PlainResponse.make(.badRequest, "bad request: \(error.message)")
        }
        let at = now()
        guard let tileRequest, let provider, let stamp = WallTileCache.stamp(of: wallFile) else { throw HTTPError(.notFound) }
        let tile = try await cache.tile(stamp: stamp.key, request: tileRequest, carried: at.timeIntervalSince(stamp.written)) {
            guard let wall = Self.wall(in: wallFile, now: at) else { throw HTTPError(.notFound) }
            let png = try await provider.png(for: wall, request: tileRequest)
            return Representation(bytes: png, contentType: "image/png", cacheControl: "max-age=\(maxAgeSeconds)")
        }
        return tile.response(to: request)
    }

    /// The wall in `file` (the aggregator's own `sites.json`), each site's age carried on to
    /// `now`; nil when there is none or it cannot be read.
    static func wall(in file: String, now: Date) -> WallTile? {
        guard let data = FileManager.default.contents(atPath: file), case .object(let members)? = try? JSONParser.parse(Array(data)),
            case .array(let entries)? = members.last(where: { $0.key == "sites" })?.value
        else { return nil }
        let written = members.last(where: { $0.key == "generatedAt" }).flatMap { member -> Date? in
            guard case .string(let text) = member.value else { return nil }
            return RFC3339.parse(text)
        }
        let carried = written.map { max(0, now.timeIntervalSince($0)) } ?? 0
        let sites = entries.compactMap { entry -> WallTile.Site? in
            guard case .object(let fields) = entry else { return nil }
            func string(_ key: String) -> String? {
                guard case .string(let text)? = fields.last(where: { $0.key == key })?.value else { return nil }
                return text
            }
            guard let name = string("name"), let state = string("state") else { return nil }
            var age: Double?
            if case .number(let seconds)? = fields.last(where: { $0.key == "ageSeconds" })?.value { age = seconds + carried }
            return WallTile.Site(name: name, state: state, tone: WallTile.Tone(state: state), ageSeconds: age)
        }
        return WallTile(sites: sites, healthy: sites.count { $0.state == "online" })
    }
}
