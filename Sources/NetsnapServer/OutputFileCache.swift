import NIOConcurrencyHelpers

/// Bytes and entity tags of served files, keyed by canonical path and checked against the
/// file's stamp on every request, so a changed file is read again and an unchanged one never
/// is. Bounded: files above `maximumFileBytes` are not kept, and when the total would pass
/// `maximumTotalBytes` the cache starts over (an output folder holds a few dozen small files,
/// so this is rare and cheaper than tracking recency on every hit).
final class OutputFileCache: Sendable {
    struct Entry: Sendable {
        let stamp: FileStamp
        let representation: Representation
    }

    let maximumFileBytes: Int
    let maximumTotalBytes: Int
    private let state = NIOLockedValueBox<(entries: [String: Entry], totalBytes: Int)>(([:], 0))

    init(maximumFileBytes: Int = 8 << 20, maximumTotalBytes: Int = 64 << 20) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumTotalBytes = maximumTotalBytes
    }

    /// The cached representation of `path` if its stamp is still `stamp`.
    func representation(at path: String, stamp: FileStamp) -> Representation? {
        state.withLockedValue { state in
            guard let entry = state.entries[path], entry.stamp == stamp else { return nil }
            return entry.representation
        }
    }

    /// Keeps `representation` as the version of `path` with `stamp`.
    func store(_ representation: Representation, at path: String, stamp: FileStamp) {
        let size = representation.bytes.readableBytes
        guard size <= maximumFileBytes else { return }
        state.withLockedValue { state in
            state.totalBytes -= state.entries[path]?.representation.bytes.readableBytes ?? 0
            if state.totalBytes + size > maximumTotalBytes {
                state.entries.removeAll(keepingCapacity: true)
                state.totalBytes = 0
            }
            state.entries[path] = Entry(stamp: stamp, representation: representation)
            state.totalBytes += size
        }
    }
}
