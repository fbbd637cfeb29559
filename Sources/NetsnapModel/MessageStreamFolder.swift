import Foundation
import NetsnapJSON

/// Folds a NetMonitor live-protocol message stream (JSON Lines) into a snapshot, the latest
/// message of each kind winning. Each payload is validated like the same part of a document.
public struct MessageStreamFolder: Sendable {
    private var status: NetworkStatus?
    private var targets: [MonitoringTarget] = []
    private var devices: [LocalDevice] = []
    private var lineNumber = 0

    /// True once a `deviceUpdate` arrived: before it, "no devices" means "not told yet".
    public private(set) var hasDevices = false

    public init() {}

    /// The snapshot the messages so far describe, or nil before the first `statusUpdate`.
    public var snapshot: Snapshot? {
        guard let status else { return nil }
        return Snapshot(
            generatedAt: status.updatedAt, source: SnapshotSource(kind: .mac), status: status, targets: targets,
            devices: devices)
    }

    /// Applies the next line. A malformed line changes nothing and returns its issues;
    /// blank lines, `toolResult` and unknown message types are skipped.
    public mutating func consume(line: some Collection<UInt8>) -> [SnapshotIssue] {
        lineNumber += 1
        let bytes = Array(line)
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return [] }
        let root: JSONValue
        do {
            root = try SnapshotDecoder.parse(bytes, streamLine: lineNumber)
        } catch {
            return error.issues
        }
        let issues = IssueCollector(locationPrefix: "line \(lineNumber): ")
        guard let message = ObjectReader(root, path: "", issues: issues),
            let type = message.string("type", limit: .label, required: true)
        else { return issues.report }
        switch type {
        case "statusUpdate":
            if let payload = message.object("payload", required: true), let status = SnapshotDecoder.decodeStatus(payload),
                issues.isEmpty
            {
                self.status = status
            }
        case "targetUpdate":
            let elements = payloadArray(message)
            let decoded = SnapshotDecoder.decodeTargets(elements ?? [], path: "payload", issues: issues)
            if elements != nil, issues.isEmpty { targets = decoded }
        case "deviceUpdate":
            let elements = payloadArray(message)
            let decoded = SnapshotDecoder.decodeDevices(elements ?? [], path: "payload", issues: issues)
            if elements != nil, issues.isEmpty {
                devices = decoded
                hasDevices = true
            }
        default:
            break
        }
        return issues.report
    }

    private func payloadArray(_ message: ObjectReader) -> [JSONValue]? {
        guard message.value("payload", required: true, expected: "an array") != nil else { return nil }
        return message.array("payload")
    }

    /// Folds a whole stream strictly: any malformed line, or no `statusUpdate` at all,
    /// refuses it with every issue found.
    public static func fold(_ bytes: [UInt8]) throws(SnapshotError) -> Snapshot {
        var folder = MessageStreamFolder()
        var issues: [SnapshotIssue] = []
        var omitted = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            for issue in folder.consume(line: line) {
                // The same cap as for documents, over the whole stream.
                if issues.count < IssueCollector.limit { issues.append(issue) } else { omitted += 1 }
            }
        }
        if omitted > 0 { issues.append(SnapshotIssue(location: "", message: "… and \(omitted) more issues")) }
        if !issues.isEmpty { throw SnapshotError(issues: issues) }
        guard let snapshot = folder.snapshot else {
            throw SnapshotError(issues: [SnapshotIssue(location: "", message: "no statusUpdate message in stream")])
        }
        return snapshot
    }
}
