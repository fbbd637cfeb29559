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

    private let entries = Mutex<[Key: Representation]>([:])

    /// The stamp of the wall's file and when it was written; nil without one.
    static func stamp(of file: String) -> (key: FileStampKey, written: Date)? {
        guard let stamp = FileStamp(at: file, followingSymlinks: true) else { return nil }
        let key = FileStampKey(
            inode: stamp.inode, size: stamp.size,
            modifiedNanoseconds: Int64(stamp.modified.tv_sec) * 1_000_000_000 + Int64(stamp.modified.tv_nsec))
        return (key, stamp.modifiedDate)
    }

    /// The kept tile for `request` of the wall in the file stamped `stamp`, `carried` seconds
    /// after it was written, if there is one: what the shortcuts answer without the router.
    func kept(stamp: FileStampKey, request: TileRequest, carried: Double) -> Representation? {
        let key = Key(stamp: stamp, request: request, ageStep: Self.ageStep(carried))
        return entries.withLock { $0[key] }
    }

    /// The kept tile for `request` of the wall in the file stamped `stamp`, `carried` seconds
    /// after it was written; else what `draw` makes, kept.
    func tile(
        stamp: FileStampKey, request: TileRequest, carried: Double, draw: () async throws -> Representation
    ) async rethrows -> Representation {
        if let kept = kept(stamp: stamp, request: request, carried: carried) { return kept }
        let key = Key(stamp: stamp, request: request, ageStep: Self.ageStep(carried))
        let drawn = try await draw()
        entries.withLock { entries in
            // Another wall (a newer file) makes every kept tile useless: start afresh.
            if entries.count >= Self.capacity || entries.keys.contains(where: { $0.stamp != stamp }) { entries.removeAll() }
            entries[key] = drawn
        }
        return drawn
    }

    private static func ageStep(_ carried: Double) -> Int { Int(max(0, carried) / ageStepSeconds) }
}
