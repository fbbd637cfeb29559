import GRDB

extension HistoryMigrations {
    /// Step "v10-speed-results": every speed measurement once, by when it finished.
    static func createSpeedResults(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE speedResult (
                    measuredAt REAL PRIMARY KEY,
                    downloadMbps REAL,
                    uploadMbps REAL,
                    latencyMs REAL,
                    jitterMs REAL,
                    server TEXT,
                    tool TEXT,
                    bytesUsed REAL
                ) WITHOUT ROWID;
                """)
    }
}
