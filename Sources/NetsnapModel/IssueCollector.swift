/// Gathers the issues found while validating, so `validate` can report all of them at once;
/// capped so a file with a million bad values does not flood the terminal.
final class IssueCollector {
    static let limit = 100
    private(set) var issues: [SnapshotIssue] = []
    private(set) var omitted = 0
    private let locationPrefix: String

    init(locationPrefix: String = "") { self.locationPrefix = locationPrefix }

    func add(_ path: String, _ message: String) {
        guard issues.count < Self.limit else {
            omitted += 1
            return
        }
        issues.append(SnapshotIssue(location: locationPrefix + path, message: message))
    }

    var isEmpty: Bool { issues.isEmpty }

    /// The issues, with a closing line that counts any left out.
    var report: [SnapshotIssue] {
        omitted == 0 ? issues : issues + [SnapshotIssue(location: "", message: "… and \(omitted) more issues")]
    }
}
