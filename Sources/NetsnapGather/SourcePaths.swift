import NetsnapSettings

/// Where each passive source is read from. Every path can be pointed at a fixture; a
/// missing file or command leaves its fields out with a note.
public struct SourcePaths: Sendable, Equatable {
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
    /// `lldpcli`, for the LLDP neighbours lldpd heard.
    public var lldpcli: String
    /// lldpd's control socket (`lldpcli -u`); nil for lldpd's default.
    public var lldpSocket: String?

    public init(
        route: String = "/proc/net/route", ipv6Route: String = "/proc/net/ipv6_route", arp: String = "/proc/net/arp",
        wireless: String = "/proc/net/wireless", sysClassNet: String = "/sys/class/net", hosts: String = "/etc/hosts",
        pingGroupRange: String = "/proc/sys/net/ipv4/ping_group_range",
        oui: [String] = [
            "/usr/share/ieee-data/oui.csv", "/usr/share/ieee-data/mam.csv", "/usr/share/ieee-data/oui36.csv",
        ],
        leases: [String] = ["/var/lib/misc/dnsmasq.leases", "/etc/pihole/dhcp.leases", "/var/lib/dhcp/dhcpd.leases"],
        ip: String = "ip", iw: String = "iw", wpaCli: String = "wpa_cli", lldpcli: String = "lldpcli", lldpSocket: String? = nil
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
        self.lldpcli = lldpcli
        self.lldpSocket = lldpSocket
    }

    /// The `gather.paths:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        let defaults = SourcePaths()
        route = try reader.string("route") ?? defaults.route
        ipv6Route = try reader.string("ipv6Route") ?? defaults.ipv6Route
        arp = try reader.string("arp") ?? defaults.arp
        wireless = try reader.string("wireless") ?? defaults.wireless
        sysClassNet = try reader.string("sysClassNet") ?? defaults.sysClassNet
        hosts = try reader.string("hosts") ?? defaults.hosts
        pingGroupRange = try reader.string("pingGroupRange") ?? defaults.pingGroupRange
        oui = try reader.strings("oui") ?? defaults.oui
        leases = try reader.strings("leases") ?? defaults.leases
        ip = try reader.string("ip") ?? defaults.ip
        iw = try reader.string("iw") ?? defaults.iw
        wpaCli = try reader.string("wpaCli") ?? defaults.wpaCli
        lldpcli = try reader.string("lldpcli") ?? defaults.lldpcli
        lldpSocket = try reader.string("lldpSocket")
    }
}
