import Foundation
import NetsnapTiles
import Synchronization

/// The wall's tiles drawn on demand, kept while they are what a new drawing would give: the
/// same `sites.json` (by its stamp: the wall rewrites it atomically), the same request (the
/// query's order and spelling do not matter: it is the parsed `TileRequest`), and ages
/// carried on by less than `ageStepSeconds` since. A request for a kept tile is a lookup.
final class WallTileCache: Sendable {
    private struct Key: Hashable {
        var stamp: FileStampKey
        var request: TileRequest
        var ageStep: Int
    }

    /// The hashable part of a file's stamp.
    struct FileStampKey: Hashable {
        var inode: UInt64
        var size: Int
        var modifiedNanoseconds: Int64
    }

    /// The ages a wall tile shows move in minutes: carried on by up to this, they read the same.
    static let ageStepSeconds = 30.0
    /// At most this many tiles are kept (a request's size, theme and scale make one each).
    static let capacity = 32

    private let entries = Mutex<[Key: [UInt8]]>([:])

    /// The kept tile for `request` of the wall in the file stamped `stamp`, `carried` seconds
    /// after it was written; else what `draw` makes, kept.
    func tile(
        stamp: FileStampKey, request: TileRequest, carried: Double, draw: () async throws -> [UInt8]
    ) async rethrows -> [UInt8] {
        let key = Key(stamp: stamp, request: request, ageStep: Int(max(0, carried) / Self.ageStepSeconds))
        if let kept = entries.withLock({ $0[key] }) { return kept }
        let bytes = try await draw()
        entries.withLock { entries in
            // Another wall (a newer file) makes every kept tile useless: start afresh.
            if entries.count >= Self.capacity || entries.keys.contains(where: { $0.stamp != stamp }) { entries.removeAll() }
            entries[key] = bytes
        }
        return bytes
    }
}
