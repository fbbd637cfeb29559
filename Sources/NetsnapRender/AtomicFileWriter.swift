import CFileSystemSync
import Foundation

/// Writes files so a reader never sees half of one: each goes to a temporary file in the
/// same folder, is flushed, and is renamed over the old one. Files whose bytes did not
/// change are left alone, so their mtime (and any ETag derived from it) stays.
public struct AtomicFileWriter: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// Writes every file; returns the paths that changed. First clears the folders it writes
    /// into of temporary files an earlier, killed writer left behind. Every changed file is
    /// written to its temporary first, the file system flushed once (`syncfs`), and only then
    /// each renamed over its old one: one flush for the lot rather than one per file, which
    /// on a 1,000-target network was a thousand flushes and journal commits a cycle.
    @discardableResult
    public func write(_ files: [OutputFile]) throws(OutputWriteError) -> [String] {
        try writeAll(files).changed
    }

    /// `write(_:)`, and whether it flushed. The flush keeps an old file until its new bytes
    /// are on disk; a batch that only creates files replaces nothing a power cut could cost,
    /// so it is not flushed — a file lost that way is missing or short, and the next write
    /// finds it different and writes it again. On a first render of 1,000 targets into an
    /// empty folder the flush of 36 MB was 150–400 ms of 0.8 s.
    func writeAll(_ files: [OutputFile]) throws(OutputWriteError) -> (changed: [String], flushed: Bool) {
        removeLeftovers(in: Self.folders(of: files))
        var staged: [(temporary: String, target: String, path: String)] = []
        var replacesAny = false
        var folders = Set<String>()
        do throws(OutputWriteError) {
            for file in files {
                guard let (temporary, target, replaces) = try stage(file, creatingFolders: &folders) else { continue }
                staged.append((temporary, target, file.path))
                replacesAny = replacesAny || replaces
            }
            if replacesAny, let first = staged.first { try flushFileSystem(holding: first.temporary) }
            for (index, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
                let reason = String(cString: strerror(errno))
                staged.removeFirst(index)
                throw OutputWriteError(path: file.target, reason: reason)
            }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw error
        }
        return (staged.map(\.path), replacesAny)
    }

    /// Writes one file; false when it already held these bytes.
    public func write(_ file: OutputFile) throws(OutputWriteError) -> Bool {
        var folders = Set<String>()
        guard let (temporary, target, _) = try stage(file, creatingFolders: &folders) else { return false }
        let descriptor = open(temporary, O_WRONLY | O_CLOEXEC)
        let flushed = descriptor >= 0 && fsync(descriptor) == 0
        let failure = flushed ? nil : String(cString: strerror(errno))
        if descriptor >= 0 { close(descriptor) }
        if let failure {
            unlink(temporary)
            throw OutputWriteError(path: target, reason: failure)
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputWriteError(path: target, reason: reason)
        }
        return true
    }

    /// `file`'s bytes in a temporary beside its target, not yet flushed nor renamed:
    /// (temporary, target, whether a file is there to replace); nil when the target already
    /// holds these bytes. `folders` are those already made in this batch.
    private func stage(_ file: OutputFile, creatingFolders folders: inout Set<String>) throws(OutputWriteError) -> (String, String, Bool)? {
        let target = directory.isEmpty ? file.path : "\(directory)/\(file.path)"
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists, Self.holds(target, status, file.bytes) { return nil }
        let folder = (target as NSString).deletingLastPathComponent
        if !exists, folders.insert(folder).inserted {
            do {
                try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            } catch {
                throw OutputWriteError(path: folder, reason: "cannot create folder: \(error.localizedDescription)")
            }
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
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw OutputWriteError(path: target, reason: failure)
        }
        return (temporary, target, exists)
    }

    /// Flushes the file system `path` is on, so every staged file is on disk before any is
    /// renamed into place.
    private func flushFileSystem(holding path: String) throws(OutputWriteError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        let flushed = descriptor >= 0 && syncfs(descriptor) == 0
        let failure = flushed ? nil : String(cString: strerror(errno))
        if descriptor >= 0 { close(descriptor) }
        if let failure { throw OutputWriteError(path: path, reason: "cannot flush: \(failure)") }
    }

    /// True when the file at `path`, whose `stat` is `status`, holds exactly `bytes`. The size
    /// is checked first and the contents compared as memory: a watch cycle compares every
    /// output, some of them megabytes.
    private static func holds(_ path: String, _ status: stat, _ bytes: [UInt8]) -> Bool {
        guard (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count,
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
