/// Where each passive source is read from. Every path can be pointed at a fixture; a
/// missing file or command leaves its fields out with a note.
public struct SourcePaths: Sendable, Equatable, Decodable {
    /// IPv4 routes (`/proc/net/route`).
    public var route: String
    /// IPv6 routes (`/proc/net/ipv6_route`).
    public var ipv6Route: String
    /// The IPv4 neighbour table (`/proc/net/arp`), used when netlink and `ip` both fail.
    public var arp: String
    /// Wi-Fi link quality (`/proc/net/wireless`).
    public var wireless: String
    /// Interface attributes (`/sys/class/net`).
    public var sysClassNet: String
    /// Static host names (`/etc/hosts`).
    public var hosts: String
    /// Who may open ping sockets, quoted in permission errors.
    public var pingGroupRange: String
    /// IEEE registry CSV files (MA-L, MA-M, MA-S); the longest matching prefix wins.
    public var oui: [String]
    /// DHCP lease files: dnsmasq / Pi-hole (`expiry mac ip name id` lines) or ISC dhcpd.
    public var leases: [String]
    /// The `ip` command (iproute2), for `ip -j neigh` when the netlink dump fails.
    public var ip: String
    /// The `iw` command, for the Wi-Fi link.
    public var iw: String
    /// `wpa_cli`, for the Wi-Fi security type.
    public var wpaCli: String

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case route, ipv6Route, arp, wireless, sysClassNet, hosts, pingGroupRange, oui, leases, ip, iw, wpaCli
    }

    public init(
        route: String = "/proc/net/route", ipv6Route: String = "/proc/net/ipv6_route", arp: String = "/proc/net/arp",
        wireless: String = "/proc/net/wireless", sysClassNet: String = "/sys/class/net", hosts: String = "/etc/hosts",
        pingGroupRange: String = "/proc/sys/net/ipv4/ping_group_range",
        oui: [String] = [
            "/usr/share/ieee-data/oui.csv", "/usr/share/ieee-data/mam.csv", "/usr/share/ieee-data/oui36.csv",
        ],
        leases: [String] = ["/var/lib/misc/dnsmasq.leases", "/etc/pihole/dhcp.leases", "/var/lib/dhcp/dhcpd.leases"],
        ip: String = "ip", iw: String = "iw", wpaCli: String = "wpa_cli"
    ) {
        self.route = route
        self.ipv6Route = ipv6Route
        self.arp = arp
        self.wireless = wireless
        self.sysClassNet = sysClassNet
        self.hosts = hosts
        self.pingGroupRange = pingGroupRange
        self.oui = oui
        self.leases = leases
        self.ip = ip
        self.iw = iw
        self.wpaCli = wpaCli
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SourcePaths()
        route = try container.decodeIfPresent(String.self, forKey: .route) ?? defaults.route
        ipv6Route = try container.decodeIfPresent(String.self, forKey: .ipv6Route) ?? defaults.ipv6Route
        arp = try container.decodeIfPresent(String.self, forKey: .arp) ?? defaults.arp
        wireless = try container.decodeIfPresent(String.self, forKey: .wireless) ?? defaults.wireless
        sysClassNet = try container.decodeIfPresent(String.self, forKey: .sysClassNet) ?? defaults.sysClassNet
        hosts = try container.decodeIfPresent(String.self, forKey: .hosts) ?? defaults.hosts
        pingGroupRange = try container.decodeIfPresent(String.self, forKey: .pingGroupRange) ?? defaults.pingGroupRange
        oui = try container.decodeIfPresent([String].self, forKey: .oui) ?? defaults.oui
        leases = try container.decodeIfPresent([String].self, forKey: .leases) ?? defaults.leases
        ip = try container.decodeIfPresent(String.self, forKey: .ip) ?? defaults.ip
        iw = try container.decodeIfPresent(String.self, forKey: .iw) ?? defaults.iw
        wpaCli = try container.decodeIfPresent(String.self, forKey: .wpaCli) ?? defaults.wpaCli
    }
}
