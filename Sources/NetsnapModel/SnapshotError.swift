/// One contract violation: where it is (a JSON path, or a line and column for broken JSON)
/// and what was expected versus found.
public struct SnapshotIssue: Sendable, Equatable, CustomStringConvertible {
    /// `targets[3].currentLatency`, `line 7: payload[3].macAddress` or `line 1, column 18`.
    public let location: String
    public let message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

/// A snapshot (or message stream) refused as a whole, with every issue found.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the issues are in, as the user named it ("-" or "stdin" for standard input).
    public var file: String?
    public let issues: [SnapshotIssue]

    public init(file: String? = nil, issues: [SnapshotIssue]) {
        self.file = file
        self.issues = issues
    }

    /// A copy that names `file`.
    public func inFile(_ file: String) -> SnapshotError { SnapshotError(file: file, issues: issues) }

    /// One `error: FILE: PATH: MESSAGE` line per issue.
    public var description: String {
        issues.map { issue in
            let prefix = file.map { "\($0): " } ?? ""
            return "error: \(prefix)\(issue)"
        }.joined(separator: "\n")
    }
}
