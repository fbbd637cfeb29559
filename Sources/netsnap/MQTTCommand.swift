import ArgumentParser
import Foundation
import NetsnapBuild
import NetsnapPush

/// `netsnap mqtt`: housekeeping on the MQTT broker of the config's `mqtt:` section.
struct MQTTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mqtt",
        abstract: "Housekeeping on the MQTT broker of the config's mqtt: section.",
        subcommands: [Forget.self]
    ).subcommandOfNetsnap

    /// `netsnap mqtt forget`: see `MQTTForget`.
    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Withdraw a netsnap's retained topics: its Home Assistant entities leave, its states are cleared.",
            discussion: """
                Publishes an empty retained message on every discovery config (<discoveryPrefix>/+/<nodeId>/+/config) \
                and every topic below <topicPrefix>/<nodeId>/ that the broker holds. Stop that netsnap first: \
                while its node is online this refuses, unless --force. Exit 3 when nothing was cleared: the broker \
                could not be reached, refused, or the node is online.

                Examples:
                  netsnap mqtt forget --config /etc/netsnap/netsnap.yml
                  netsnap mqtt forget --node old-pi --config /etc/netsnap/netsnap.yml
                """)

        @OptionGroup var settings: ConfigOptions

        @Option(help: ArgumentHelp("The node id to forget (default: the config's mqtt.nodeId, else this host's).", valueName: "id"))
        var node: String?

        @Flag(help: "Forget the node even while it says it is online.")
        var force = false

        func run() async throws {
            guard var mqtt = try settings.load().mqtt else {
                StandardError.print("error: mqtt forget: the config has no mqtt: section (--config FILE)")
                throw ExitStatus.usage
            }
            if let node {
                guard MQTTSettings.isNodeID(node) else {
                    StandardError.print("error: --node expects letters, digits, '_' or '-' (at most 64), found \"\(node)\"")
                    throw ExitStatus.usage
                }
                mqtt.nodeID = node
            }
            do {
                let topics = try await MQTTForget(settings: mqtt).run(force: force)
                print("forgot node \(mqtt.nodeID): cleared \(topics.count) retained topic\(topics.count == 1 ? "" : "s")")
            } catch {
                StandardError.print("error: \(error)")
                throw ExitStatus.outputFailed
            }
        }
    }
}
