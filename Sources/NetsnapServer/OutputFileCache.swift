import NIOConcurrencyHelpers

/// Files already read, by request path (see `OutputFileResponder` for how paths key it),
/// each with what was checked when it was read: the stamp of the path as requested (not
/// following a final symlink), the canonical path it resolved to inside the folder, and
/// that file's stamp. Bounded: files above `maximumFileBytes` are not kept, and when the
/// total would pass `maximumTotalBytes` or `maximumEntries` the cache starts over — an
/// output folder holds a few dozen small files, so this is rare and cheaper than tracking
/// recency on every hit.
final class OutputFileCache: Sendable {
    /// A class, as `Representation`: the lookup on every request hands over one reference.
    final class Entry: Sendable {
        /// The folder + the decoded request path.
        let requestedPath: String
        /// `lstat` of `requestedPath` when the file was read.
        let requestStamp: FileStamp
        /// Where that path resolved (`realpath`), checked to be inside the folder.
        let resolvedPath: String
        /// `stat` of the resolved file when it was read.
        let fileStamp: FileStamp
        let representation: Representation

        init(requestedPath: String, requestStamp: FileStamp, resolvedPath: String, fileStamp: FileStamp, representation: Representation) {
            self.requestedPath = requestedPath
            self.requestStamp = requestStamp
            self.resolvedPath = resolvedPath
            self.fileStamp = fileStamp
            self.representation = representation
        }

        /// True while the requested path leads to the very same, unchanged file.
        var isCurrent: Bool {
            FileStamp(at: requestedPath, followingSymlinks: false) == requestStamp
                && (!requestStamp.isSymlink || FileStamp(at: resolvedPath, followingSymlinks: true) == fileStamp)
        }
    }

    let maximumFileBytes: Int
    let maximumTotalBytes: Int
    let maximumEntries: Int
    private let state = NIOLockedValueBox<(entries: [String: Entry], totalBytes: Int)>(([:], 0))

    init(maximumFileBytes: Int = 8 << 20, maximumTotalBytes: Int = 64 << 20, maximumEntries: Int = 4096) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumEntries = maximumEntries
    }

    var count: Int { state.withLockedValue { $0.entries.count } }

    func entry(for key: String) -> Entry? {
        state.withLockedValue { $0.entries[key] }
    }

    func store(_ entry: Entry, for key: String) {
        let size = entry.representation.bytes.readableBytes
        guard size <= maximumFileBytes else { return }
        state.withLockedValue { state in
            state.totalBytes -= state.entries[key]?.representation.bytes.readableBytes ?? 0
            let isNew = state.entries[key] == nil
            if state.totalBytes + size > maximumTotalBytes || (isNew && state.entries.count >= maximumEntries) {
                state.entries.removeAll(keepingCapacity: true)
                state.totalBytes = 0
            }
            state.entries[key] = entry
            state.totalBytes += size
        }
    }
}
