/// What the event detector remembers between snapshots; stored as JSON in the database so
/// debouncing and "new device" survive restarts.
struct DetectorState: Codable, Sendable, Equatable {
    struct DeviceMemory: Codable, Sendable, Equatable {
        var name: String
        var publicName: String
        var missing: Int
        var gone: Bool
    }

    var targetFailures: [String: Int] = [:]
    var targetsDown: Set<String> = []
    var slowGatewayCount = 0
    var gatewaySlow = false
    var devices: [String: DeviceMemory] = [:]
    var gatewayKey: String?
    var disconnectedCount = 0
    var disconnected = false
    /// False until the first snapshot: it is the baseline, not a flood of "new device".
    var hasBaseline = false
}
