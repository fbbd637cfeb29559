import ArgumentParser
import NetsnapApp

/// `netsnap homeassistant-app`: the Home Assistant app's entry point (deploy/homeassistant/).
struct HomeAssistantAppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeassistant-app",
        abstract: "Run as a Home Assistant app: the Supervisor's options as configuration, serve --watch on the ingress port.",
        discussion: """
            The app image's entry point; Home Assistant's Supervisor starts it. Reads the options \
            the Supervisor wrote (/data/options.json), lays them over the configuration (a config \
            file for what they do not cover: /config/netsnap.yml when it exists), keeps the history \
            in /data/state and the outputs in /tmp/netsnap, and serves the dashboard on port \
            \(HomeAssistantAppJob.ingressPort) to the Supervisor's ingress proxy (\(HomeAssistantAppJob.supervisorAddress)) \
            only. Without an mqtt_host option it asks the Supervisor for its broker \
            ($SUPERVISOR_API, default http://supervisor, with $SUPERVISOR_TOKEN). Exit 2 when the \
            options or the configuration are wrong, saying which and why.

            Examples:
              netsnap homeassistant-app
              netsnap homeassistant-app --options /tmp/data/options.json --config netsnap.yml
            """
    ).subcommandOfNetsnap

    @Option(help: ArgumentHelp("The options file the Supervisor writes; its folder keeps the history.", valueName: "file"))
    var options = "/data/options.json"

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("A YAML config file (default: $NETSNAP_CONFIG, else /config/netsnap.yml if it exists).", valueName: "file"))
    var config: String?

    func run() async throws {
        try await HomeAssistantAppJob(optionsFile: options, configFile: config).run()
    }
}
