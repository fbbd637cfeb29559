import Foundation

/// Writes files so a reader never sees half of one: each goes to a temporary file in the
/// same folder, is flushed, and is renamed over the old one. Files whose bytes did not
/// change are left alone, so their mtime (and any ETag derived from it) stays.
public struct AtomicFileWriter: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// Writes every file; returns the paths that changed. First clears the folders it writes
    /// into of temporary files an earlier, killed writer left behind.
    @discardableResult
    public func write(_ files: [OutputFile]) throws(OutputWriteError) -> [String] {
        removeLeftovers(in: Self.folders(of: files))
        var changed: [String] = []
        for file in files where try write(file) { changed.append(file.path) }
        return changed
    }

    /// Writes one file; false when it already held these bytes.
    public func write(_ file: OutputFile) throws(OutputWriteError) -> Bool {
        let target = directory.isEmpty ? file.path : "\(directory)/\(file.path)"
        if Self.holds(target, file.bytes) { return false }
        let folder = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            throw OutputWriteError(path: folder, reason: "cannot create folder: \(error.localizedDescription)")
        }
        let temporary = "\(folder.isEmpty ? "." : folder)/.\((target as NSString).lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputWriteError(path: target, reason: String(cString: strerror(errno))) }
        var failure: String?
        file.bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw OutputWriteError(path: target, reason: failure)
        }
        return true
    }

    /// True when the file at `path` holds exactly `bytes`. The size is checked first and the
    /// contents compared as memory: a watch cycle compares every output, some of them megabytes.
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count,
            let existing = FileManager.default.contents(atPath: path), existing.count == bytes.count
        else { return false }
        if bytes.isEmpty { return true }
        return existing.withUnsafeBytes { old in bytes.withUnsafeBytes { new in memcmp(old.baseAddress!, new.baseAddress!, new.count) == 0 }
        }
    }

    /// Removes the `.json` files in `folder` (below the output folder) that `files` no longer
    /// lists — a badge of a target that is gone must not go on saying "up". Returns their paths.
    @discardableResult
    public func removeUnlisted(in folder: String, keeping files: [OutputFile]) throws(OutputWriteError) -> [String] {
        let path = directory.isEmpty ? folder : "\(directory)/\(folder)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        let kept = Set(files.map(\.path))
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") && !kept.contains("\(folder)/\(name)") {
            guard unlink("\(path)/\(name)") == 0 || errno == ENOENT else {
                throw OutputWriteError(path: "\(path)/\(name)", reason: String(cString: strerror(errno)))
            }
            removed.append("\(folder)/\(name)")
        }
        return removed
    }
}
