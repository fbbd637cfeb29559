import NetsnapConfiguration
import NetsnapPush

/// `netsnap mqtt forget`: withdraws a netsnap's retained topics from the broker of the
/// config's `mqtt:` section (`MQTTForget`).
public struct MQTTForgetJob: Sendable {
    public var configuration: Configuration
    /// The node to forget; nil: the config's `mqtt.nodeId`, else this host's.
    public var node: String?
    /// Forget it even while it says it is online.
    public var force: Bool

    public init(configuration: Configuration, node: String?, force: Bool) {
        self.configuration = configuration
        self.node = node
        self.force = force
    }

    /// What was done, in one line.
    public func run() async throws(ApplicationFailure) -> String {
        guard var mqtt = configuration.mqtt else {
            throw ApplicationFailure(.usage, "error: mqtt forget: the config has no mqtt: section (--config FILE)")
        }
        if let node {
            guard MQTTSettings.isNodeID(node) else {
                throw ApplicationFailure(.usage, "error: --node expects letters, digits, '_' or '-' (at most 64), found \"\(node)\"")
            }
            mqtt.nodeID = node
        }
        do {
            let topics = try await MQTTForget(settings: mqtt).run(force: force)
            return "forgot node \(mqtt.nodeID): cleared \(topics.count) retained topic\(topics.count == 1 ? "" : "s")"
        } catch {
            throw ApplicationFailure(error.reason == .nodeLive ? .refused : .brokerFailed, "error: \(error)")
        }
    }
}
