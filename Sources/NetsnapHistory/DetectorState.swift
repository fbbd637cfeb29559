/// What the event detector remembers between snapshots; stored as JSON in the database so
/// debouncing and "new device" survive restarts.
struct DetectorState: Codable, Sendable, Equatable {
    struct DeviceMemory: Codable, Sendable, Equatable {
        /// The device's stable id: event ids use it, never the MAC (feeds may be public).
        var id: String
        var name: String
        var publicName: String
        var missing: Int
        /// When it was reported gone (seconds since 1970); nil while present.
        var goneAt: Double?

        var gone: Bool { goneAt != nil }
    }

    var targetFailures: [String: Int] = [:]
    var targetsDown: Set<String> = []
    var slowGatewayCount = 0
    var gatewaySlow = false
    var devices: [String: DeviceMemory] = [:]
    var gatewayKey: String?
    var disconnectedCount = 0
    var disconnected = false
    /// False until the first device list: it is the baseline, not a flood of "new device".
    var hasDeviceBaseline = false
    /// While the source is lost: when its last data was taken (seconds since 1970).
    /// Optional, so states stored before it existed still decode.
    var sourceLostSince: Double?

    /// Forgets devices gone for longer than `seconds` before `now`, so rotating private
    /// MACs do not grow the state forever.
    mutating func forgetDevices(goneBefore cutoff: Double) {
        devices = devices.filter { _, memory in (memory.goneAt ?? .infinity) >= cutoff }
    }
}
