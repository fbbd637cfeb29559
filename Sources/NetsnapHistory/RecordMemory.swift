import Foundation
import GRDB
import NetsnapModel

/// What the store remembers between two `record` calls so a quiet cycle writes almost
/// nothing: the last snapshot time (a re-read file), the raw samples last written, and the
/// retention clock as the database holds it.
struct RecordMemory: Sendable {
    var lastTakenAt: Double?
    var lastSamples: SampleFingerprint?
    /// When the archive was last thinned (the retention clock's time).
    var lastArchiveThinning: Double?
    /// Snapshots archived but not written yet, oldest first (`HistoryStore.archive`).
    var pendingArchive: [PendingArchiveEntry] = []
    /// The clock as it stands, and as the database holds it; nil until read from it.
    private var clock: RetentionClock?
    private var savedClock: RetentionClock?

    /// The trusted time is saved when it moves by this much (or the hold changes): losing
    /// ten minutes of it to a crash only makes the replay check a little less strict.
    static let clockSaveStep: Double = 600

    mutating func retentionClock(_ db: Database) throws -> RetentionClock {
        if let clock { return clock }
        let row = try Row.fetchOne(db, sql: "SELECT trustedAt, heldSince, lastHeldAt FROM retentionClock WHERE id = 1")
        let clock = RetentionClock(trustedAt: row?["trustedAt"], heldSince: row?["heldSince"], lastHeldAt: row?["lastHeldAt"])
        self.clock = clock
        savedClock = clock
        return clock
    }

    mutating func save(_ clock: RetentionClock, db: Database) throws {
        self.clock = clock
        if let savedClock, savedClock.heldSince == clock.heldSince, (savedClock.lastHeldAt == nil) == (clock.lastHeldAt == nil),
            let old = savedClock.trustedAt, let new = clock.trustedAt, abs(new - old) < Self.clockSaveStep
        {
            return
        }
        try db.execute(
            sql: "INSERT OR REPLACE INTO retentionClock (id, trustedAt, heldSince, lastHeldAt) VALUES (1, ?, ?, ?)",
            arguments: [clock.trustedAt, clock.heldSince, clock.lastHeldAt])
        savedClock = clock
    }
}

/// The states the raw sample rows of one snapshot record — connection, gateway, each target
/// up or down, each device's status and address — without times and latencies: raw samples
/// are written when a state changes ("history as changes"), and the latencies of every
/// cycle live in the roll-ups, which is where every view reads them.
struct SampleFingerprint: Sendable, Hashable {
    private let status: [String?]
    private let targets: [String]
    private let devices: [String]

    init(_ snapshot: Snapshot) {
        let status = snapshot.status
        self.status = [
            status.isConnected ? "connected" : "offline", status.connectionType.rawValue, status.gatewayIP?.text,
            status.gatewayMAC?.text,
        ]
        targets = snapshot.targets.map { "\($0.id.uuidString)|\($0.name)|\($0.isOnline)" }
        devices = snapshot.devices.map { "\(HistoryStore.deviceKey($0))|\($0.status.rawValue)|\($0.ipAddress?.text ?? "")" }
    }
}

/// A snapshot for the archive, compressed, waiting for its batch to be written.
struct PendingArchiveEntry: Sendable {
    let takenAt: Double
    /// The snapshot's JSON size, uncompressed.
    let size: Int
    let compressed: [UInt8]
}
