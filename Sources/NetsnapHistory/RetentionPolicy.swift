/// How long history is kept.
public struct RetentionPolicy: Sendable, Equatable {
    /// Raw samples (every snapshot, target result, device sighting), default 48 h.
    public var rawSeconds: Double
    /// Hourly roll-ups, default 90 days.
    public var rollupSeconds: Double
    /// Rows deleted per table per cycle at most, so pruning a long backlog never stalls a cycle.
    public var deleteBatch: Int
    /// At most this many rows in each raw table (snapshots, target results, device
    /// sightings) and of events, whatever the network does within the time limits: with the
    /// roll-ups' own bound this is what keeps the database under its ceiling (docs/reliability.md).
    public var maximumRawRows: Int
    public var maximumEvents: Int
    /// The snapshot archive's tiers and size bound.
    public var archive: ArchivePolicy

    public init(
        rawSeconds: Double = 48 * 3600, rollupSeconds: Double = 90 * 86_400, deleteBatch: Int = 2_000,
        maximumRawRows: Int = 25_000, maximumEvents: Int = 10_000, archive: ArchivePolicy = ArchivePolicy()
    ) {
        self.archive = archive
        self.rawSeconds = rawSeconds
        self.rollupSeconds = rollupSeconds
        self.deleteBatch = deleteBatch
        self.maximumRawRows = maximumRawRows
        self.maximumEvents = maximumEvents
    }
}
