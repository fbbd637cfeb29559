import Foundation

extension AtomicFileWriter {
    /// How old a temporary file may get before it counts as left behind even though a
    /// process with its PID runs: a write takes well under a second, and in a container the
    /// next netsnap often gets the PID of the one that was killed.
    public static let leftoverAge: TimeInterval = 300

    /// Removes the temporary files (`.NAME.PID.tmp`) that a writer killed between writing
    /// and renaming left in `folders` (relative to the directory; "" is the directory itself):
    /// those whose process is gone and those older than `maxAge`. Lists each folder once and
    /// touches nothing else, so it is cheap enough for every cycle. Returns the removed paths.
    @discardableResult
    public func removeLeftovers(in folders: some Sequence<String> = [""], now: Date = Date(), maxAge: TimeInterval = leftoverAge)
        -> [String]
    {
        var removed: [String] = []
        for folder in Set(folders) {
            let path = [directory, folder].filter { !$0.isEmpty }.joined(separator: "/")
            let listed = path.isEmpty ? "." : path
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { continue }
            for name in names {
                guard let pid = Self.writerPID(ofTemporary: name) else { continue }
                let file = "\(listed)/\(name)"
                var status = stat()
                guard lstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
                let age = now.timeIntervalSince1970 - Double(status.st_mtim.tv_sec)
                guard !Self.isRunning(pid) || age > maxAge else { continue }
                if unlink(file) == 0 { removed.append(file) }
            }
        }
        return removed.sorted()
    }

    /// The directory and its immediate subfolders (outputs go at most one level down, as in
    /// `tiles/`): where to look for leftovers at start, before anything is written.
    public var outputFolders: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return [""]
            + names.filter { name in
                var isFolder: ObjCBool = false
                let path = directory.isEmpty ? name : "\(directory)/\(name)"
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            }.sorted()
    }

    /// The folders (relative to the directory) that `files` are written into.
    static func folders(of files: [OutputFile]) -> Set<String> {
        Set(files.map { ($0.path as NSString).deletingLastPathComponent })
    }

    /// The PID in a name the writer gives its temporary files, `.NAME.PID.tmp`; nil for any other name.
    static func writerPID(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let middle = name.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: "."), dot != middle.startIndex else { return nil }
        let digits = middle[middle.index(after: dot)...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return pid_t(digits)
    }

    /// Whether a process with this PID exists (EPERM: it does, but belongs to someone else).
    private static func isRunning(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
