import ArgumentParser
import NetsnapApp

/// `netsnap sites`: housekeeping of the wall of sites on its broker.
struct SitesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sites",
        abstract: "Housekeeping of the wall of sites on the broker of the config's sites: (else mqtt:) section.",
        subcommands: [Forget.self]
    ).subcommandOfNetsnap

    /// `netsnap sites forget`: see `SitesForgetJob`.
    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Clear a retired site's retained topics, so it leaves every wall.",
            discussion: """
                Publishes an empty retained message on every topic below <topicPrefix>/<id>/ (snapshot, availability, \
                owner, states) and every discovery config of the site that the sites' broker holds, and on the \
                wall's own Home Assistant entity for it (the mqtt: section's broker). Stop the site's netsnap first: \
                while it says it is online this refuses, unless --force. Exit 3 when nothing was cleared.

                Examples:
                  netsnap sites forget cabin --config /etc/netsnap/wall.yml
                """)

        @OptionGroup var settings: ConfigOptions

        @Argument(help: ArgumentHelp("The site's id (its netsnap's mqtt.nodeId).", valueName: "id"))
        var id: String

        @Flag(help: "Forget the site even while it says it is online.")
        var force = false

        func run() async throws {
            print(try await SitesForgetJob(configuration: try settings.resolve(), id: id, force: force).run())
        }
    }
}
