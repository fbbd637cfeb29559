import NetsnapHistory
import NetsnapModel

/// What the watch loop is told: how often it runs, where its state folder is, how long
/// history is kept and when a failure becomes an event.
public struct WatchSettings: Sendable, Equatable {
    /// Seconds between cycles.
    public var intervalSeconds: Double = 30
    /// The state folder (history database); nil means the standard search order.
    public var stateDirectory: String?
    /// How long history is kept.
    public var retention = RetentionPolicy()
    /// Consecutive failures before a "down"/"gone"/"lost" event.
    public var failuresBeforeEvent: Int = 3
    /// When the line's measured speed raises `speedLow` (the `speed:` section's alert); nil: never.
    public var speedAlert: SpeedAlert?
    /// Seconds between the live link's pings to a NetMonitor agent (`source.keepaliveSeconds`).
    public var keepaliveSeconds: Double = 15
    /// The config's maintenance windows (`maintenance:`); `netsnap maintenance add` stores more.
    public var maintenance: [MaintenanceWindow] = []

    public init() {}
}
