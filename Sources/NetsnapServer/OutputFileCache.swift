import NIOConcurrencyHelpers

/// Files already read, by their path relative to the output folder, each with what was
/// checked when it was read: the stamp of the path as requested (not following a final
/// symlink), the canonical path it resolved to inside the folder, and that file's stamp.
/// Bounded: files above `maximumFileBytes` are not kept, and when the total would pass
/// `maximumTotalBytes` the cache starts over (an output folder holds a few dozen small files,
/// so this is rare and cheaper than tracking recency on every hit).
final class OutputFileCache: Sendable {
    struct Entry: Sendable {
        /// `lstat` of the folder + the requested relative path when the file was read.
        let requestStamp: FileStamp
        /// Where that path resolved (`realpath`), checked to be inside the folder.
        let resolvedPath: String
        /// `stat` of the resolved file when it was read.
        let fileStamp: FileStamp
        let representation: Representation
    }

    let maximumFileBytes: Int
    let maximumTotalBytes: Int
    private let state = NIOLockedValueBox<(entries: [String: Entry], totalBytes: Int)>(([:], 0))

    init(maximumFileBytes: Int = 8 << 20, maximumTotalBytes: Int = 64 << 20) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumTotalBytes = maximumTotalBytes
    }

    func entry(for relativePath: String) -> Entry? {
        state.withLockedValue { $0.entries[relativePath] }
    }

    func store(_ entry: Entry, for relativePath: String) {
        let size = entry.representation.bytes.readableBytes
        guard size <= maximumFileBytes else { return }
        state.withLockedValue { state in
            state.totalBytes -= state.entries[relativePath]?.representation.bytes.readableBytes ?? 0
            if state.totalBytes + size > maximumTotalBytes {
                state.entries.removeAll(keepingCapacity: true)
                state.totalBytes = 0
            }
            state.entries[relativePath] = entry
            state.totalBytes += size
        }
    }
}
