import NetsnapSettings

/// Everything `netsnap gather` may read and send, as the `gather:` section of the YAML
/// config. Decoding is strict: an unknown key is an error that names it. The default value
/// reads the usual Linux sources and sends nothing at all.
public struct GatherConfiguration: Sendable, Equatable {
    /// `source.name` of the snapshots written; nil leaves it out.
    public var name: String?
    /// Where the passive sources are read from.
    public var paths: SourcePaths
    /// Where device ids and first/last-seen dates are kept between runs; the application sets
    /// it (netsnap's state folder unless configured); nil keeps nothing.
    public var stateDirectory: String?
    /// Devices not seen for this many days are dropped from the state and the snapshot.
    public var forgetDevicesAfterDays: Double
    /// Gateway latency measurement (off by default).
    public var gateway: GatewayProbeConfiguration
    /// Defaults for every target: timeout, retries and how many probes run at once.
    public var probes: ProbeSettings
    /// The monitoring targets to probe (none by default).
    public var targets: [ProbeTarget]
    /// Where to look up the public IP, ISP, ASN and location (nowhere by default).
    public var publicIP: PublicIPConfiguration?
    /// Custom names and types per MAC address.
    public var devices: [DeviceOverride]
    /// The subnet sweep (`--sweep` turns it on for one run).
    public var sweep: SweepConfiguration
    /// The line's speed measurement (the top-level `speed:` section); nil: none.
    public var speed: SpeedConfiguration?

    /// The keys of the `gather:` mapping.
    public init(
        name: String? = nil, paths: SourcePaths = SourcePaths(), stateDirectory: String? = nil,
        forgetDevicesAfterDays: Double = 30, gateway: GatewayProbeConfiguration = GatewayProbeConfiguration(),
        probes: ProbeSettings = ProbeSettings(), targets: [ProbeTarget] = [], publicIP: PublicIPConfiguration? = nil,
        devices: [DeviceOverride] = [], sweep: SweepConfiguration = SweepConfiguration()
    ) {
        self.name = name
        self.paths = paths
        self.stateDirectory = stateDirectory
        self.forgetDevicesAfterDays = forgetDevicesAfterDays
        self.gateway = gateway
        self.probes = probes
        self.targets = targets
        self.publicIP = publicIP
        self.devices = devices
        self.sweep = sweep
    }

    /// The `gather:` section, read strictly like every other section.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        let defaults = GatherConfiguration()
        name = try reader.string("name")
        paths = try reader.section("paths", SourcePaths.init(reading:)) ?? defaults.paths
        stateDirectory = try reader.string("stateDirectory")
        forgetDevicesAfterDays = try reader.number("forgetDevicesAfterDays", in: 0.001...36_500) ?? defaults.forgetDevicesAfterDays
        gateway = try reader.section("gateway", GatewayProbeConfiguration.init(reading:)) ?? defaults.gateway
        probes = try reader.section("probes", ProbeSettings.init(reading:)) ?? defaults.probes
        targets = try reader.sections("targets", ProbeTarget.init(reading:))
        publicIP = try reader.section("publicIP", PublicIPConfiguration.init(reading:))
        devices = try reader.sections("devices", DeviceOverride.init(reading:))
        sweep = try reader.section("sweep", SweepConfiguration.init(reading:)) ?? defaults.sweep
    }

    /// The text of a `gather:` section alone (YAML or JSON), named `file` in errors: what the
    /// namespace lab's runner and the tests hand in.
    public static func parse(section text: String, file: String) throws(ConfigurationError) -> GatherConfiguration {
        try GatherConfiguration(reading: try ConfigurationReader(yaml: text, file: file, keys: KeyCatalogue(keys), at: "gather"))
    }
}
