import Foundation
import NetsnapJSON
import NetsnapModel

/// Who announces a node id: what a netsnap says, retained, on `<topicPrefix>/<nodeID>/owner`
/// after each connection, and reads back from every other netsnap there. Two netsnaps with one
/// node id (two Pis both called `raspberrypi`) publish over each other's topics; this is how
/// each of them learns of the other, and can name it.
public struct NodeOwner: Sendable, Equatable {
    /// The installation's id (the state folder's); equal on two hosts whose state folder was copied.
    public var installationID: String
    /// The host name the other netsnap runs on.
    public var host: String
    public var processID: Int
    public var startedAt: Date
    /// Random per process: what tells this netsnap's own announcement from another's.
    public var instance: String

    public init(installationID: String, host: String, processID: Int, startedAt: Date, instance: String) {
        self.installationID = installationID
        self.host = host
        self.processID = processID
        self.startedAt = startedAt
        self.instance = instance
    }

    /// This process.
    public static func current(installationID: String?) -> NodeOwner {
        NodeOwner(
            installationID: installationID ?? "", host: ProcessInfo.processInfo.hostName, processID: Int(getpid()),
            startedAt: Date(), instance: UUID().uuidString.lowercased())
    }

    /// The longest text kept from an announcement; anything longer is cut.
    static let maximumTextLength = 64
    /// Announcements longer than this are not read.
    static let maximumPayloadBytes = 2048

    /// The retained payload: a small JSON object.
    public var payload: [UInt8] {
        JSONWriter.bytes(
            .object([
                ("installationId", .string(installationID)), ("host", .string(host)), ("pid", .number(Double(processID))),
                ("startedAt", .string(RFC3339.format(startedAt))), ("instance", .string(instance)),
            ]), pretty: false)
    }

    /// An announcement as received: hostile until read here. Nil for anything that is not
    /// one (too long, not JSON, no instance); texts are cut and their control characters replaced.
    public init?(payload: [UInt8]) {
        guard payload.count <= Self.maximumPayloadBytes, case .object(let members)? = try? JSONParser.parse(payload) else { return nil }
        func text(_ key: String) -> String? {
            guard case .string(let value)? = members.last(where: { $0.key == key })?.value else { return nil }
            return String(TextHygiene.escapingControls(value).prefix(Self.maximumTextLength))
        }
        guard let instance = text("instance"), !instance.isEmpty else { return nil }
        self.instance = instance
        installationID = text("installationId") ?? ""
        host = text("host") ?? "?"
        if case .number(let pid)? = members.last(where: { $0.key == "pid" })?.value, pid.isFinite, abs(pid) < 1e9 {
            processID = Int(pid)
        } else {
            processID = 0
        }
        startedAt = text("startedAt").flatMap(RFC3339.parse) ?? .distantPast
    }

    /// The log's words about `other`, met on the same node id as this netsnap.
    func clashMetadata(with other: NodeOwner) -> [String: String] {
        var metadata = [
            "otherHost": other.host, "otherInstallation": other.installationID, "otherPid": "\(other.processID)",
            "otherStartedAt": other.startedAt == .distantPast ? "?" : RFC3339.format(other.startedAt),
        ]
        if other.installationID == installationID && !installationID.isEmpty {
            metadata["hint"] = "the same installation id: a copied state folder; delete its installation-id file on one host"
        } else {
            metadata["hint"] = "give each netsnap its own mqtt.nodeId"
        }
        return metadata
    }
}
