import Foundation
import NetsnapTiles
import NetsnapWidgets

/// Draws tiles for the server, which only asks, caches and serves. `TileRenderer` is the
/// real one; tests hand in a fake.
public protocol TileProvider: Sendable {
    /// PNG bytes of `request` drawn from `widgets` as seen at `now` (so stale data looks stale).
    func png(for widgets: WidgetSet, request: TileRequest, now: Date) async throws -> [UInt8]
}

extension TileRenderer: TileProvider {}
