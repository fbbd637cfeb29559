import ArgumentParser
import NetsnapApp

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
            print(try await MQTTForgetJob(configuration: try settings.resolve(), node: node, force: force).run())
        }
    }
}
