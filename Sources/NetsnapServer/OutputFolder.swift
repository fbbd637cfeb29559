import Foundation

/// The output folder as the server sees it: request paths become regular files inside it,
/// and nothing else. The folder is resolved with `realpath` once; every lookup is resolved
/// again and must stay under it, so a symlink that points out of the folder is not followed.
struct OutputFolder: Sendable {
    /// The folder's canonical path, without a trailing slash.
    let root: String

    /// The folder at `path`; nil when it does not exist or is not a folder.
    init?(path: String) {
        guard let resolved = Self.realPath(path) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        root = resolved == "/" ? "" : resolved
    }

    /// The canonical path of the regular file `requestPath` names, or nil: refused paths,
    /// missing files, folders and anything that resolves outside the folder.
    func file(for requestPath: RequestPath) -> String? {
        let joined = root + "/" + requestPath.segments.joined(separator: "/")
        guard let resolved = Self.realPath(joined), resolved.hasPrefix(root + "/") else { return nil }
        return resolved
    }

    /// The file's bytes and stamp, read through a descriptor opened without following a
    /// final symlink, so what is read is the file `file(for:)` checked.
    static func read(_ path: String) -> (bytes: [UInt8], stamp: FileStamp)? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return (bytes, FileStamp(status))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
