import Foundation

/// One watcher per state folder: an exclusive `flock` on `<folder>/netsnap.lock`, held for
/// the life of the process (the kernel drops it when the process ends, however it ends).
/// The file holds the holder's PID, so a second watcher can say whose lock it met.
public final class StateFolderLock: Sendable {
    public static let fileName = "netsnap.lock"
    /// The lock file, open for the life of the process; -1 in a read-only folder without one.
    private let descriptor: Int32

    /// Why the lock could not be taken.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// Another process holds it; its PID when the file says.
        case held(folder: String, pid: Int32?)
        case unusable(path: String, reason: String)

        public var description: String {
            switch self {
            case .held(let folder, let pid):
                let holder = pid.map { "process \($0)" } ?? "another process"
                return "error: \(folder): \(holder) is already watching with this state folder; "
                    + "stop it, or give this one another folder (--state)"
            case .unusable(let path, let reason):
                return "error: \(path): cannot lock the state folder (\(reason))"
            }
        }
    }

    /// Takes the lock on `folder` or fails at once (never waits). In a read-only folder the
    /// existing file is locked as it is (flock needs no write); without one there is nothing
    /// to lock, and no second watcher could write there either.
    public init(folder: String) throws(Failure) {
        let path = "\(folder)/\(Self.fileName)"
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == EROFS { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 && errno == ENOENT {
            self.descriptor = -1
            return
        }
        guard descriptor >= 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            let holder = Self.readPID(descriptor)
            close(descriptor)
            throw busy ? .held(folder: folder, pid: holder) : .unusable(path: path, reason: reason)
        }
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } }
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
