import Foundation

/// One observation of a network: the validated value of a schema-1 snapshot document.
public struct Snapshot: Sendable, Equatable {
    /// The newest schema this netsnap reads and writes.
    public static let supportedSchemaVersion = 1

    public var schemaVersion: Int
    /// When the snapshot was taken; renderers measure staleness from here.
    public var generatedAt: Date
    public var source: SnapshotSource?
    public var session: MonitoringSession?
    public var status: NetworkStatus
    public var targets: [MonitoringTarget]
    public var devices: [LocalDevice]
    /// True when the document was redacted (`"redacted": true`): its devices may then lack
    /// `ipAddress` and `macAddress`, which every other snapshot must carry.
    public var isRedacted = false
    /// The newest measurement of the line's speed, when one is configured (optional, so
    /// v1 readers that do not know it are unaffected).
    public var speed: SpeedResult?

    public init(
        schemaVersion: Int = Snapshot.supportedSchemaVersion, generatedAt: Date, source: SnapshotSource? = nil,
        session: MonitoringSession? = nil, status: NetworkStatus, targets: [MonitoringTarget] = [],
        devices: [LocalDevice] = []
    ) {
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.source = source
        self.session = session
        self.status = status
        self.targets = targets
        self.devices = devices
    }
}

/// Who gathered a snapshot.
public struct SnapshotSource: Sendable, Equatable {
    /// The kind of gatherer.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case mac, local, `import`
    }

    public var kind: Kind?
    public var name: String?

    public init(kind: Kind? = nil, name: String? = nil) {
        self.kind = kind
        self.name = name
    }
}

/// The monitoring session a snapshot belongs to.
public struct MonitoringSession: Sendable, Equatable {
    public var startedAt: Date?

    public init(startedAt: Date? = nil) { self.startedAt = startedAt }
}
