/// Everything `netsnap gather` may read and send, as the `gather:` section of the YAML
/// config. Decoding is strict: an unknown key is an error that names it. The default value
/// reads the usual Linux sources and sends nothing at all.
public struct GatherConfiguration: Sendable, Equatable, Decodable {
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

    /// The keys of the `gather:` mapping.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, paths, stateDirectory, forgetDevicesAfterDays, gateway, probes, targets, publicIP, devices, sweep
    }

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

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = GatherConfiguration()
        name = try container.decodeIfPresent(String.self, forKey: .name)
        paths = try container.decodeIfPresent(SourcePaths.self, forKey: .paths) ?? defaults.paths
        stateDirectory = try container.decodeIfPresent(String.self, forKey: .stateDirectory)
        forgetDevicesAfterDays =
            try container.decodeIfPresent(
                Double.self, forKey: .forgetDevicesAfterDays, expecting: "a number of days > 0", where: { $0 > 0 })
            ?? defaults.forgetDevicesAfterDays
        gateway = try container.decodeIfPresent(GatewayProbeConfiguration.self, forKey: .gateway) ?? defaults.gateway
        probes = try container.decodeIfPresent(ProbeSettings.self, forKey: .probes) ?? defaults.probes
        targets = try container.decodeIfPresent([ProbeTarget].self, forKey: .targets) ?? []
        publicIP = try container.decodeIfPresent(PublicIPConfiguration.self, forKey: .publicIP)
        devices = try container.decodeIfPresent([DeviceOverride].self, forKey: .devices) ?? []
        sweep = try container.decodeIfPresent(SweepConfiguration.self, forKey: .sweep) ?? defaults.sweep
    }

    /// The allowed keys of every mapping in the section, by path (`targets[]` for each
    /// target), for documentation and for callers that check a config before decoding.
    public static let allowedKeys: [String: [String]] = [
        "gather": CodingKeys.allCases.map(\.rawValue),
        "gather.paths": SourcePaths.CodingKeys.allCases.map(\.rawValue),
        "gather.gateway": GatewayProbeConfiguration.CodingKeys.allCases.map(\.rawValue),
        "gather.probes": ProbeSettings.CodingKeys.allCases.map(\.rawValue),
        "gather.targets[]": ProbeTarget.CodingKeys.allCases.map(\.rawValue),
        "gather.publicIP": PublicIPConfiguration.CodingKeys.allCases.map(\.rawValue),
        "gather.publicIP.fields": PublicIPConfiguration.FieldMapping.CodingKeys.allCases.map(\.rawValue),
        "gather.devices[]": DeviceOverride.CodingKeys.allCases.map(\.rawValue),
        "gather.sweep": SweepConfiguration.CodingKeys.allCases.map(\.rawValue),
    ]
}
