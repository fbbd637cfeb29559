import NetsnapJSON
import NetsnapModel

/// A host the LLDP daemon (`lldpd`) heard on one of this host's interfaces: a switch port,
/// an access point or another host that announces itself. LLDP frames are not forwarded by
/// switches, so these are only the host's direct neighbours — what it is plugged into — never
/// the devices behind them.
public struct LLDPNeighbour: Sendable, Equatable {
    /// This host's interface it was heard on.
    public var interface: String
    /// Its system name (`SysName`), when it sends one.
    public var name: String?
    /// Its chassis and port ids that are MAC addresses, to match it to a device.
    public var macs: [MACAddress]
    /// Its management addresses, to match it to a device.
    public var managementAddresses: [IPAddress]
    /// The capabilities it says are enabled ("Bridge", "Wlan", "Router", "Station", …).
    public var capabilities: Set<String>

    public init(
        interface: String, name: String? = nil, macs: [MACAddress] = [], managementAddresses: [IPAddress] = [],
        capabilities: Set<String> = []
    ) {
        self.interface = interface
        self.name = name
        self.macs = macs
        self.managementAddresses = managementAddresses
        self.capabilities = capabilities
    }

    /// A switch, an access point or a router: it says its Bridge, Wlan or Router capability
    /// is enabled. A host that runs lldpd itself says Station and is only a wired neighbour.
    public var isNetworkGear: Bool { !capabilities.isDisjoint(with: ["Bridge", "Wlan", "Router"]) }

    /// The neighbours in `lldpcli -f json0 show neighbors details` output — the format whose
    /// shape does not change with how many of anything there are (every value in an array);
    /// nil when it is not that JSON. An empty `{"lldp":[{}]}` is no neighbours.
    public static func parseLLDPCLIJSON0(_ bytes: [UInt8]) -> [LLDPNeighbour]? {
        guard let document = try? JSONParser.parse(bytes), case .array(let roots)? = document["lldp"] else { return nil }
        return roots.flatMap { root in
            objects(root["interface"]).compactMap { interface -> LLDPNeighbour? in
                guard let name = strings(interface["name"]).first, let chassis = objects(interface["chassis"]).first else { return nil }
                let ids = objects(chassis["id"]) + objects(interface["port"]).flatMap { objects($0["id"]) }
                let macs = ids.filter { strings($0["type"]).first == "mac" }.flatMap { strings($0["value"]) }.compactMap(MACAddress.init)
                let capabilities = objects(chassis["capability"]).filter { isTrue($0["enabled"]) }.flatMap { strings($0["type"]) }
                return LLDPNeighbour(
                    interface: name, name: objects(chassis["name"]).flatMap { strings($0["value"]) }.first, macs: macs,
                    managementAddresses: objects(chassis["mgmt-ip"]).flatMap { strings($0["value"]) }.compactMap(IPAddress.init),
                    capabilities: Set(capabilities))
            }
        }
    }

    /// The objects of a json0 array (a lone object reads as one).
    private static func objects(_ value: JSONValue?) -> [JSONValue] {
        switch value {
        case .array(let items)?: items.filter { if case .object = $0 { true } else { false } }
        case .object(let members)?: [.object(members)]
        default: []
        }
    }

    /// A json0 value as strings: a string, or the strings of an array.
    private static func strings(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let text)?: [text]
        case .array(let items)?: items.flatMap { strings($0) }
        default: []
        }
    }

    /// lldpd writes `enabled` as a JSON boolean; older versions as the string "on".
    private static func isTrue(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag)?: flag
        case .string(let text)?: ["on", "true", "yes"].contains(text.lowercased())
        default: false
        }
    }
}
