import NetsnapJSON
import NetsnapModel

/// One entry of the kernel neighbour table (ARP for IPv4, NDP for IPv6).
public struct NeighbourEntry: Sendable, Equatable {
    public let address: IPAddress
    /// Absent while unresolved or failed: the kernel reports no link-layer address then.
    public let mac: MACAddress?
    public let interface: String
    /// The kernel's NUD state names, e.g. `["REACHABLE"]`.
    public let states: [String]

    public init(address: IPAddress, mac: MACAddress?, interface: String, states: [String]) {
        self.address = address
        self.mac = mac
        self.interface = interface
        self.states = states
    }

    /// The device status the states mean: REACHABLE, DELAY and PROBE confirmed the host
    /// lately (active); STALE is unconfirmed since (idle); FAILED and INCOMPLETE got no
    /// answer (offline). PERMANENT (static) entries say nothing about liveness: idle.
    /// NOARP and NONE entries (multicast, point-to-point) are not hosts: nil.
    public var status: LocalDevice.Status? {
        let upper = Set(states.map { $0.uppercased() })
        if !upper.isDisjoint(with: ["REACHABLE", "DELAY", "PROBE"]) { return .active }
        if upper.contains("STALE") || upper.contains("PERMANENT") { return .idle }
        if !upper.isDisjoint(with: ["FAILED", "INCOMPLETE"]) { return .offline }
        return nil
    }

    /// Entries from `ip -j neigh` (iproute2's JSON). Entries without a usable address are skipped.
    public static func parseIPNeighbourJSON(_ bytes: [UInt8]) -> [NeighbourEntry]? {
        guard case .array(let items)? = try? JSONParser.parse(bytes) else { return nil }
        return items.compactMap { item in
            guard case .string(let destination)? = item["dst"], let address = IPAddress(destination),
                case .string(let interface)? = item["dev"]
            else { return nil }
            var mac: MACAddress?
            if case .string(let text)? = item["lladdr"] { mac = MACAddress(text) }
            var states: [String] = []
            if case .array(let values)? = item["state"] {
                states = values.compactMap { if case .string(let state) = $0 { state } else { nil } }
            }
            return NeighbourEntry(address: address, mac: mac, interface: interface, states: states)
        }
    }

    /// Entries from `/proc/net/arp`. It has no NUD state, only "complete" (flag 0x2), so a
    /// complete entry is reported as STALE (known, freshness unknown: the weaker claim) and
    /// an incomplete one as INCOMPLETE.
    public static func parseProcARP(_ text: String) -> [NeighbourEntry] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 6, let address = IPAddress(String(fields[0])),
                let flags = UInt32(fields[2].dropFirst(2), radix: 16)
            else { return nil }
            let complete = flags & 0x2 != 0
            let mac = complete ? MACAddress(String(fields[3])) : nil
            return NeighbourEntry(address: address, mac: mac, interface: String(fields[5]), states: [complete ? "STALE" : "INCOMPLETE"])
        }
    }
}
