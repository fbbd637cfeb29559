/// How long history is kept.
public struct RetentionPolicy: Sendable, Equatable {
    /// Raw samples (every snapshot, target result, device sighting), default 48 h.
    public var rawSeconds: Double
    /// Hourly roll-ups, default 90 days.
    public var rollupSeconds: Double
    /// Rows deleted per table per cycle at most, so pruning a long backlog never stalls a cycle.
    public var deleteBatch: Int

    public init(rawSeconds: Double = 48 * 3600, rollupSeconds: Double = 90 * 86_400, deleteBatch: Int = 2_000) {
        self.rawSeconds = rawSeconds
        self.rollupSeconds = rollupSeconds
        self.deleteBatch = deleteBatch
    }
}
