import Foundation
import Hummingbird

/// The wall's tiles (`/tiles/sites/{name}.png?…`) already drawn for the wall as it is now,
/// found without the router: the query read as `WallTileController` reads it (scale, theme
/// and format), the wall file's stamp and the ages' step as its cache keys them. Anything
/// else — an escaped or odd query, a refusal, no wall, a tile not drawn yet — is nil, and the
/// router answers it.
struct KeptWallTiles: Sendable {
    let cache: WallTileCache
    let query: TileQuery
    /// The wall's `sites.json`.
    let wallFile: String
    let now: @Sendable () -> Date

    /// The kept answer for `path` with `rawQuery` (what follows "?"; empty without one).
    func representation(path: String, rawQuery: Substring) -> Representation? {
        let prefix = WallTileController<BasicRequestContext>.pathPrefix
        guard WallTileController<BasicRequestContext>.isWallTilePath(path), let asked = KeptTiles.parameters(rawQuery) else { return nil }
        let name = path.dropFirst(prefix.count).dropLast(".png".count)
        let at = now()
        let parameters = TileQuery.Parameters(scale: asked.scale, theme: asked.theme, format: asked.format)
        guard let request = try? query.request(name: name, parameters: parameters, at: at),
            let stamp = WallTileCache.stamp(of: wallFile)
        else { return nil }
        return cache.kept(stamp: stamp.key, request: request, carried: at.timeIntervalSince(stamp.written))
    }
}
