/// The one-word verdict every widget leads with.
public enum OverallStatus: String, Sendable, Equatable, CaseIterable {
    case online, degraded, offline
}
