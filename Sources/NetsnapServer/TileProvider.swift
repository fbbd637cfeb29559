import Foundation
import NetsnapTiles
import NetsnapWidgets

/// Draws tiles for the server, which only asks, caches and serves. `TileRenderer` is the
/// real one; tests hand in a fake.
public protocol TileProvider: Sendable {
    /// PNG bytes of `request` drawn from `widgets` as seen at `now` (so stale data looks stale).
    func png(for widgets: WidgetSet, request: TileRequest, now: Date) async throws -> [UInt8]
    /// PNG bytes of the wall of sites (`watch --sites`) for `request`.
    func png(for wall: WallTile, request: TileRequest) async throws -> [UInt8]
}

extension TileProvider {
    /// PNG bytes of the wall of sites for `request`; a provider that draws no walls refuses.
    public func png(for wall: WallTile, request: TileRequest) async throws -> [UInt8] {
        throw ServerError(message: "this tile provider draws no wall of sites")
    }
}

extension TileRenderer: TileProvider {}
