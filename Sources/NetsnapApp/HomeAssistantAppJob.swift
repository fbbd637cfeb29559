import Foundation
import NetsnapConfiguration
import NetsnapSettings

/// `netsnap homeassistant-app`: netsnap as a Home Assistant app, the image's entry point
/// (it has no shell to run a script first). It reads the options the Supervisor wrote, lays
/// them over the configuration as overrides (presets < config file < `NETSNAP_*` < options),
/// finds the broker through the Supervisor's mqtt service when nothing names one, and runs
/// `serve --watch` on the ingress port (docs/homeassistant.md).
public struct HomeAssistantAppJob: Sendable {
    /// The options file the Supervisor writes; its folder is the app's persistent `/data`,
    /// which keeps the history (`state/`).
    public var optionsFile: String
    /// A netsnap config file for what the options do not cover; nil: `$NETSNAP_CONFIG`, else
    /// `/config/netsnap.yml` (the app's own config folder) when it exists.
    public var configFile: String?
    public var environment: [String: String]

    /// config.yaml's `ingress_port`. Not Home Assistant's usual 8099: with the host's
    /// network (which `gather` needs), the port is taken on the host itself, where 8099 is
    /// more often in use.
    public static let ingressPort = 8_943
    /// Where the ingress proxy, the Supervisor, connects from; nothing else may.
    public static let supervisorAddress = "172.30.32.2"
    static let defaultConfigFile = "/config/netsnap.yml"
    /// Outputs are rewritten every cycle: on the tmpfs config.yaml asks for (`tmpfs: true`),
    /// not on the SD card many Home Assistant hosts boot from, and not in backups.
    static let outputDirectory = "/tmp/netsnap"
    /// The image's CA bundle, for a broker the Supervisor says speaks TLS.
    static let caBundle = "/etc/ssl/certs/ca-certificates.crt"

    public init(optionsFile: String, configFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.optionsFile = optionsFile
        self.configFile = configFile
        self.environment = environment
    }

    public func run() async throws(ApplicationFailure) {
        let options = try readOptions()
        if !options.unknown.isEmpty {
            StandardError.print(
                "warning: \(optionsFile): ignoring options this netsnap does not know: \(options.unknown.joined(separator: ", "))")
        }
        // The options' other mqtt_* keys only go with a broker: from the options, the file or
        // the environment, else the Supervisor's; without one they would make an mqtt: section
        // with no host.
        let settings = options.overrides.filter { !$0.key.hasPrefix("mqtt.") }
        var configuration = try resolve(options.namesBroker ? options.overrides : settings)
        if !options.namesBroker {
            if configuration.mqtt != nil {
                configuration = try resolve(options.overrides)
            } else if let broker = await supervisorBroker() {
                configuration = try resolve(broker + options.overrides)
            }
        }
        let request = WatchRequest(source: options.source == .sample ? .sample : .gather(sweep: options.sweep), verbose: options.verbose)
        try await ServeJob(configuration: configuration, watch: request, tileSource: nil).run()
    }

    /// The options; a missing or unreadable file is a configuration error (status 2).
    func readOptions() throws(ApplicationFailure) -> HomeAssistantOptions {
        guard let data = FileManager.default.contents(atPath: optionsFile) else {
            throw ApplicationFailure(.usage, "error: \(optionsFile): cannot be read (the Supervisor writes the app's options there)")
        }
        return try HomeAssistantOptions(json: Array(data), file: optionsFile)
    }

    /// The configuration: the app's presets, the config file, `NETSNAP_*`, then `overrides`
    /// (the options, after the broker the Supervisor named, if any).
    func resolve(_ overrides: [ConfigurationOverride]) throws(ApplicationFailure) -> Configuration {
        let file =
            configFile ?? environment["NETSNAP_CONFIG"]
            ?? (FileManager.default.fileExists(atPath: Self.defaultConfigFile) ? Self.defaultConfigFile : nil)
        return try ConfigurationRequest(file: file, overrides: overrides, presets: presets).resolve(environment: environment).configuration
    }

    /// What the app sets unless the config file says otherwise: the ingress port on every
    /// address with only the Supervisor let in, the history beside the options, the outputs
    /// on the tmpfs.
    var presets: [ConfigurationOverride] {
        let label = "homeassistant-app"
        let data = (optionsFile as NSString).deletingLastPathComponent
        return [
            ConfigurationOverride(.output, Self.outputDirectory, flag: label),
            ConfigurationOverride(.state, (data.isEmpty ? "." : data) + "/state", flag: label),
            ConfigurationOverride(.serveHost, "0.0.0.0", flag: label),
            ConfigurationOverride(.servePort, "\(Self.ingressPort)", flag: label),
            ConfigurationOverride(.serveAllowFrom, Self.supervisorAddress, flag: label),
            // Every browser's requests arrive from the one proxy address.
            ConfigurationOverride(.serveConnectionsPerAddress, "256", flag: label),
        ]
    }

    /// The broker of the Supervisor's mqtt service as overrides; nil (said once) without a
    /// token or a service.
    func supervisorBroker() async -> [ConfigurationOverride]? {
        guard let token = environment["SUPERVISOR_TOKEN"], !token.isEmpty else {
            StandardError.print(
                "homeassistant-app: no MQTT: no mqtt_host option and no SUPERVISOR_TOKEN to ask the Supervisor for its broker")
            return nil
        }
        let api = environment["SUPERVISOR_API"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://supervisor"
        switch await SupervisorMQTTService(api: api, token: token).lookUp() {
        case .broker(let broker):
            StandardError.print(
                "homeassistant-app: MQTT: the Supervisor's broker \(broker.host):\(broker.port)\(broker.ssl ? " (TLS)" : "")"
                    + (broker.username.map { " as \($0)" } ?? ""))
            return broker.overrides(caBundle: Self.caBundle)
        case .none(let reason):
            StandardError.print("homeassistant-app: no MQTT: \(reason)")
            return nil
        }
    }
}
