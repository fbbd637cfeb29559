import GRDB

/// The schema, one named step at a time. Steps are never edited once released: a change
/// is a new step, so every older database upgrades in order.
enum HistoryMigrations {
    /// Every step this netsnap knows, in order.
    static let identifiers = steps.map(\.identifier)

    /// Every step and what it does, in order.
    private static let steps: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1-samples", createSamples),
        ("v2-rollups-events", createRollupsAndEvents),
        ("v3-retention-indexes", createRetentionIndexes),
        ("v4-half-hour-rollups", createHalfHourRollups),
        ("v5-notification-outbox", createNotificationOutbox),
        ("v6-retention-clock", createRetentionClock),
        ("v7-snapshot-archive", createSnapshotArchive),
        ("v8-incidents", createIncidents),
        ("v9-maintenance", createMaintenance),
        ("v10-speed-results", createSpeedResults),
    ]

    /// The steps up to `last` included, or all of them.
    static func migrator(upTo last: String? = nil) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in steps {
            migrator.registerMigration(step.identifier, migrate: step.migrate)
            if step.identifier == last { return migrator }
        }
        return migrator
    }

    /// Step "v1-samples".
    private static func createSamples(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE snapshot (
                    id INTEGER PRIMARY KEY,
                    takenAt REAL NOT NULL UNIQUE,
                    connection TEXT NOT NULL,
                    connectionType TEXT NOT NULL,
                    gatewayIP TEXT,
                    gatewayMAC TEXT,
                    gatewayLatency REAL,
                    targetsOnline INTEGER NOT NULL,
                    targetsTotal INTEGER NOT NULL,
                    devicesActive INTEGER NOT NULL,
                    devicesTotal INTEGER NOT NULL
                );
                CREATE TABLE targetResult (
                    snapshotId INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
                    targetId TEXT NOT NULL,
                    name TEXT NOT NULL,
                    isOnline INTEGER NOT NULL,
                    latency REAL,
                    takenAt REAL NOT NULL
                );
                CREATE INDEX targetResultByTarget ON targetResult(targetId, takenAt);
                CREATE INDEX targetResultBySnapshot ON targetResult(snapshotId);
                CREATE TABLE deviceSighting (
                    snapshotId INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
                    deviceKey TEXT NOT NULL,
                    status TEXT NOT NULL,
                    ipAddress TEXT,
                    takenAt REAL NOT NULL
                );
                CREATE INDEX deviceSightingBySnapshot ON deviceSighting(snapshotId);
                CREATE TABLE device (
                    key TEXT PRIMARY KEY,
                    id TEXT NOT NULL,
                    firstSeen REAL NOT NULL,
                    lastSeen REAL NOT NULL
                );
                """)
    }

    /// Step "v2-rollups-events".
    private static func createRollupsAndEvents(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE hourlyRollup (
                    seriesKey TEXT NOT NULL,
                    hour INTEGER NOT NULL,
                    samples INTEGER NOT NULL,
                    online INTEGER NOT NULL,
                    latencySum REAL NOT NULL,
                    latencyCount INTEGER NOT NULL,
                    latencyMin REAL,
                    latencyMax REAL,
                    PRIMARY KEY (seriesKey, hour)
                );
                CREATE TABLE event (
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    occurredAt REAL NOT NULL,
                    wording TEXT NOT NULL,
                    publicWording TEXT NOT NULL
                );
                CREATE INDEX eventByTime ON event(occurredAt);
                CREATE TABLE detectorState (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    state BLOB NOT NULL
                );
                """)
        // Roll up the samples a version-1 database already holds.
        try db.execute(
            sql: """
                INSERT INTO hourlyRollup
                SELECT 'target:' || targetId, CAST(takenAt / 3600 AS INTEGER), COUNT(*), SUM(isOnline),
                       COALESCE(SUM(latency), 0), COUNT(latency), MIN(latency), MAX(latency)
                FROM targetResult GROUP BY targetId, CAST(takenAt / 3600 AS INTEGER);
                INSERT INTO hourlyRollup
                SELECT 'gateway', CAST(takenAt / 3600 AS INTEGER), COUNT(*), SUM(connection = 'connected'),
                       COALESCE(SUM(gatewayLatency), 0), COUNT(gatewayLatency), MIN(gatewayLatency), MAX(gatewayLatency)
                FROM snapshot GROUP BY CAST(takenAt / 3600 AS INTEGER);
                """)
    }

    /// Step "v3-retention-indexes".
    private static func createRetentionIndexes(_ db: Database) throws {
        // Retention deletes raw rows by age in small batches; these keep that a seek.
        try db.execute(
            sql: """
                CREATE INDEX deviceSightingByTime ON deviceSighting(takenAt);
                CREATE INDEX targetResultByTime ON targetResult(takenAt);
                CREATE INDEX deviceByLastSeen ON device(lastSeen);
                """)
    }

    /// Step "v4-half-hour-rollups".
    private static func createHalfHourRollups(_ db: Database) throws {
        // The 24-hour views (uptime, the sparklines' 48 points) read these instead of
        // every raw sample of the day: a few hundred rows whatever the interval.
        try db.execute(
            sql: """
                CREATE TABLE halfHourRollup (
                    seriesKey TEXT NOT NULL,
                    halfHour INTEGER NOT NULL,
                    samples INTEGER NOT NULL,
                    online INTEGER NOT NULL,
                    latencySum REAL NOT NULL,
                    latencyCount INTEGER NOT NULL,
                    PRIMARY KEY (seriesKey, halfHour)
                ) WITHOUT ROWID;
                INSERT INTO halfHourRollup
                SELECT 'target:' || targetId, CAST(takenAt / 1800 AS INTEGER), COUNT(*), SUM(isOnline),
                       COALESCE(SUM(latency), 0), COUNT(latency)
                FROM targetResult GROUP BY targetId, CAST(takenAt / 1800 AS INTEGER);
                INSERT INTO halfHourRollup
                SELECT 'gateway', CAST(takenAt / 1800 AS INTEGER), COUNT(*), SUM(connection = 'connected'),
                       COALESCE(SUM(gatewayLatency), 0), COUNT(gatewayLatency)
                FROM snapshot GROUP BY CAST(takenAt / 1800 AS INTEGER);
                """)
    }

    /// Step "v5-notification-outbox".
    private static func createNotificationOutbox(_ db: Database) throws {
        // Notifications wait here until their sink takes them, so a restart or an
        // unreachable sink loses none (within the outbox's bound).
        try db.execute(
            sql: """
                CREATE TABLE notificationOutbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    sinkKey TEXT NOT NULL,
                    body BLOB NOT NULL,
                    createdAt REAL NOT NULL,
                    dueAt REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX notificationOutboxByDue ON notificationOutbox(dueAt);
                """)
    }

    /// Step "v6-retention-clock".
    private static func createRetentionClock(_ db: Database) throws {
        // The time retention prunes by (RetentionClock): a clock that jumped ahead must not
        // prune by its own time. One row, written when it moves. And half-hour roll-ups
        // folded into the hourly ones when over (HistoryStore+Rollups); the rows already
        // there were counted in both as they came: folded.
        try db.execute(
            sql: """
                CREATE TABLE retentionClock (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    trustedAt REAL,
                    heldSince REAL,
                    lastHeldAt REAL
                );
                ALTER TABLE halfHourRollup ADD COLUMN latencyMin REAL;
                ALTER TABLE halfHourRollup ADD COLUMN latencyMax REAL;
                ALTER TABLE halfHourRollup ADD COLUMN folded INTEGER NOT NULL DEFAULT 1;
                """)
    }

    /// Step "v7-snapshot-archive".
    private static func createSnapshotArchive(_ db: Database) throws {
        // Whole snapshots, compressed, thinned by age (HistoryStore+Archive): `render --at`
        // and `history export` read them back.
        try db.execute(
            sql: """
                CREATE TABLE snapshotArchive (
                    takenAt REAL PRIMARY KEY,
                    size INTEGER NOT NULL,
                    bytes BLOB NOT NULL
                );
                """)
    }

    /// Step "v8-incidents".
    private static func createIncidents(_ db: Database) throws {
        // Outages as a status page lists them (HistoryStore+Incidents): opened by a down
        // event, closed by its recovery, with a person's note.
        try db.execute(
            sql: """
                CREATE TABLE incident (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    subject TEXT NOT NULL,
                    name TEXT NOT NULL,
                    startedAt REAL NOT NULL,
                    endedAt REAL,
                    cause TEXT,
                    publicCause TEXT,
                    note TEXT,
                    closedByHand INTEGER NOT NULL DEFAULT 0,
                    updatedAt REAL NOT NULL
                );
                CREATE INDEX incidentByStart ON incident(startedAt);
                CREATE INDEX incidentBySubject ON incident(subject, endedAt);
                """)
    }

    /// Step "v9-maintenance".
    private static func createMaintenance(_ db: Database) throws {
        // Windows added from the command line (`netsnap maintenance add`); the config's own
        // windows are not stored.
        try db.execute(
            sql: """
                CREATE TABLE maintenance (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    startAt REAL NOT NULL,
                    endAt REAL NOT NULL,
                    targets TEXT NOT NULL,
                    note TEXT
                );
                """)
    }
}
