import Foundation

/// What identifies one version of a file without reading it: device, inode, size and the
/// modification and change times. The atomic writer renames a new inode into place, so any
/// rewrite changes the stamp; an untouched file keeps it.
struct FileStamp: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modified: timespec
    let changed: timespec

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    /// The stamp of the regular file at `path` (symlinks followed); nil for anything else.
    init?(regularFileAt path: String) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(status)
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
