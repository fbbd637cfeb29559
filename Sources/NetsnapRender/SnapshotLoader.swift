import Foundation
import NetsnapModel

/// Reads and validates a snapshot from its input; the only place `render` reads input files.
public enum SnapshotLoader {
    /// The validated snapshot, or a `SnapshotError` that names the file.
    public static func load(_ input: SnapshotInput, now: Date) throws(SnapshotError) -> Snapshot {
        switch input {
        case .sample:
            return SampleSnapshot.at(now)
        case .gathered(let snapshot):
            return snapshot
        case .document(let path):
            let bytes = try read(path, as: input)
            do { return try SnapshotDecoder.decode(bytes) } catch { throw error.inFile(input.displayName) }
        case .messages(let path):
            let bytes = try read(path, as: input)
            do { return try MessageStreamFolder.fold(bytes) } catch { throw error.inFile(input.displayName) }
        }
    }

    static func read(_ path: String, as input: SnapshotInput) throws(SnapshotError) -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw SnapshotError(file: input.displayName, issues: [SnapshotIssue(location: "", message: reason)])
        }
        return Array(data)
    }
}
