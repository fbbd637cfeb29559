/// How snapshots are archived: every one for a while, then one an hour, then one a day, all
/// within a size bound (the oldest go first when it is reached). docs/watch.md gives the sizes.
public struct ArchivePolicy: Sendable, Equatable {
    /// Every snapshot is kept this long (seconds), default 48 h.
    public var everySnapshotSeconds: Double
    /// Then the first of each hour, this long (seconds), default 30 days.
    public var hourlySeconds: Double
    /// Then the first of each day (UTC), this long (seconds), default 365 days.
    public var dailySeconds: Double
    /// The archive's compressed bytes at most, default 64 MB; 0 keeps no archive.
    public var maximumBytes: Int

    public init(
        everySnapshotSeconds: Double = 48 * 3600, hourlySeconds: Double = 30 * 86_400, dailySeconds: Double = 365 * 86_400,
        maximumBytes: Int = 64 << 20
    ) {
        self.everySnapshotSeconds = everySnapshotSeconds
        self.hourlySeconds = hourlySeconds
        self.dailySeconds = dailySeconds
        self.maximumBytes = maximumBytes
    }

    /// False when no snapshot is archived at all.
    public var isEnabled: Bool { maximumBytes > 0 }
}
