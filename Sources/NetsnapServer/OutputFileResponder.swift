import Hummingbird

/// Serves the files of the output folder: safe path resolution, the right `Content-Type`,
/// entity tags and `max-age`, with bytes cached in memory until the file changes.
struct OutputFileResponder: Sendable {
    let folder: OutputFolder
    let cache: OutputFileCache
    let cacheControl: String

    init(folder: OutputFolder, maxAgeSeconds: Int, cache: OutputFileCache = OutputFileCache()) {
        self.folder = folder
        self.cache = cache
        cacheControl = "max-age=\(maxAgeSeconds)"
    }

    /// The response for a request of `rawPath`; 404 for anything that is not a regular file
    /// inside the folder.
    func respond(to request: Request, rawPath: String) -> Response {
        guard let representation = representation(ofRawPath: rawPath) else {
            return PlainResponse.make(.notFound, PlainResponse.notFound)
        }
        return representation.response(to: request)
    }

    /// The file `rawPath` names when it was read before and has not changed since; nil for
    /// anything else (never read, changed, or a path with escapes), which `representation`
    /// then decides. This is the whole of the work `CachedFileShortcut` does for a file.
    func cachedRepresentation(ofRawPath rawPath: String) -> Representation? {
        guard !rawPath.utf8.contains(UInt8(ascii: "%")) else { return nil }
        return currentEntry(for: rawPath)?.representation
    }

    /// Seen before: if the requested path still leads to the very same inode, unchanged, its
    /// bytes are the ones checked and read then — no need to resolve the path again. Any
    /// rewrite, rename, retargeted symlink or swapped folder changes a stamp.
    private func currentEntry(for key: String) -> OutputFileCache.Entry? {
        guard let cached = cache.entry(for: key), cached.isCurrent else { return nil }
        return cached
    }

    /// The current version of the file `rawPath` names, or nil when there is none to serve.
    func representation(ofRawPath rawPath: String) -> Representation? {
        // A path without escapes is its own decoded form and keys the cache as it comes, so
        // a hit skips the parsing; one with escapes is keyed by its decoded form, so that
        // spellings of a file (`/%77idgets.json`) share its entry instead of each taking one.
        var parsed: RequestPath?
        var key = rawPath
        if rawPath.utf8.contains(UInt8(ascii: "%")) {
            guard let requestPath = RequestPath(raw: rawPath) else { return nil }
            parsed = requestPath
            key = "/" + requestPath.relativePath
        }
        if let cached = currentEntry(for: key) { return cached.representation }
        guard let requestPath = parsed ?? RequestPath(raw: rawPath) else { return nil }
        let requested = folder.root + "/" + requestPath.relativePath
        guard let requestStamp = FileStamp(at: requested, followingSymlinks: false),
            let path = folder.file(for: requestPath), let (bytes, fileStamp) = OutputFolder.read(path)
        else { return nil }
        let representation = Representation(
            bytes: bytes, contentType: MediaTypes.forFile(named: requestPath.segments.last![...]),
            cacheControl: cacheControl, lastModified: fileStamp.modifiedDate)
        cache.store(
            OutputFileCache.Entry(
                requestedPath: requested, requestStamp: requestStamp, resolvedPath: path, fileStamp: fileStamp,
                representation: representation),
            for: key)
        return representation
    }
}
