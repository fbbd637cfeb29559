import Foundation
import NetsnapWidgets

/// Draws tiles for the server. The tiles module's renderer conforms in the executable;
/// the server only asks, caches and serves.
public protocol TileProvider: Sendable {
    /// PNG bytes of `request` drawn from `widgets` as seen at `now` (so stale data looks
    /// stale); nil when this provider does not draw that tile.
    func png(for widgets: WidgetSet, request: TileRequest, now: Date) async throws -> [UInt8]?
}
