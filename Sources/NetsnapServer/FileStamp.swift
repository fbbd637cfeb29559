import Foundation

/// What identifies one version of a file without reading it: device, inode, type, size and
/// the modification and change times. The atomic writer renames a new inode into place, so
/// any rewrite changes the stamp; an untouched file keeps it.
struct FileStamp: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let mode: UInt32
    let size: Int
    let modified: timespec
    let changed: timespec

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        mode = UInt32(status.st_mode)
        size = Int(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    /// The stamp of whatever is at `path` — with `followingSymlinks` false, of a final
    /// symlink itself; nil when there is nothing.
    init?(at path: String, followingSymlinks: Bool) {
        var status = stat()
        guard (followingSymlinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        self.init(status)
    }

    /// The modification time: the atomic writer leaves unchanged files alone, so it is when
    /// these bytes appeared.
    var modifiedDate: Date {
        Date(timeIntervalSince1970: Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9)
    }

    var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    var isSymlink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.mode == rhs.mode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
