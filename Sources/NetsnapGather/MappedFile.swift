import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file mapped read-only into memory: its bytes without reading or copying them, for the
/// multi-megabyte IEEE registry files of which a gather needs a handful of lines.
/// (apt replaces a registry file by renaming a new one over it, so a mapping never sees it
/// shrink underneath.)
final class MappedFile {
    private let base: UnsafeMutableRawPointer?
    let count: Int

    /// Nil when the file cannot be opened or mapped (missing, a directory, not permitted).
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        // Populated at once: one call instead of a page fault every 64 KiB of the scan.
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0)
        // MAP_FAILED is ((void *) -1), a macro Swift does not import.
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        base = mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
