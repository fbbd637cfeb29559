/// The one-word verdict every widget leads with.
public enum OverallStatus: String, Sendable, Equatable, CaseIterable, Codable {
    case online, degraded, offline
}
