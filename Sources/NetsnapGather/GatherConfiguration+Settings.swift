import NetsnapSettings

/// The `gather:` section's keys, declared by the module that gathers.
extension GatherConfiguration {
    /// The `gather` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("gather", .section, "What `gather` reads and probes; nothing is probed unless named here."),
        .init("gather.name", .string, note: "none", "source.name of the snapshots written."),
        .init(
            "gather.stateDirectory", .string, note: "the state folder (`state`)",
            "Where device ids and first/last-seen dates are kept between runs."),
        .init("gather.forgetDevicesAfterDays", .number, default: "30", unit: "days", "Devices not seen for this long are dropped."),
        .init("gather.paths", .section, "Where each passive source is read from (point them at fixtures to test)."),
        .init("gather.paths.route", .string, default: "/proc/net/route", "IPv4 routes."),
        .init("gather.paths.ipv6Route", .string, default: "/proc/net/ipv6_route", "IPv6 routes."),
        .init("gather.paths.arp", .string, default: "/proc/net/arp", "The IPv4 neighbour table, when netlink and `ip` both fail."),
        .init("gather.paths.wireless", .string, default: "/proc/net/wireless", "Wi-Fi link quality."),
        .init("gather.paths.sysClassNet", .string, default: "/sys/class/net", "Interface attributes."),
        .init("gather.paths.hosts", .string, default: "/etc/hosts", "Static host names."),
        .init("gather.paths.pingGroupRange", .string, default: "/proc/sys/net/ipv4/ping_group_range", "Who may open ping sockets."),
        .init(
            "gather.paths.oui", .list,
            default: "[/usr/share/ieee-data/oui.csv, /usr/share/ieee-data/mam.csv, /usr/share/ieee-data/oui36.csv]",
            "IEEE registry CSV files; the longest matching prefix names a vendor."),
        .init(
            "gather.paths.leases", .list, default: "[/var/lib/misc/dnsmasq.leases, /etc/pihole/dhcp.leases, /var/lib/dhcp/dhcpd.leases]",
            "DHCP lease files (dnsmasq, Pi-hole, ISC dhcpd)."),
        .init("gather.paths.ip", .string, default: "ip", "The iproute2 command."),
        .init("gather.paths.iw", .string, default: "iw", "The Wi-Fi command."),
        .init("gather.paths.wpaCli", .string, default: "wpa_cli", "wpa_cli, for the Wi-Fi security type."),
        .init(
            "gather.paths.lldpcli", .string, default: "lldpcli",
            "lldpd's command, for the LLDP neighbours (which devices are wired, which are switches or access points)."),
        .init(
            "gather.paths.lldpSocket", .string, note: "lldpd's own default",
            "lldpd's control socket (`lldpcli -u`), for an lldpd started with `-u`."),
        .init("gather.gateway", .section, "Gateway latency."),
        .init("gather.gateway.latency", .bool, default: "false", "Ping the gateway every gather."),
        .init("gather.gateway.pings", .integer, default: "3", "Echoes per gather."),
        .init("gather.gateway.timeout", .number, default: "1", unit: "seconds", "Wait for each echo."),
        .init("gather.probes", .section, "Defaults for every target."),
        .init("gather.probes.concurrency", .integer, default: "64", "Probes at once."),
        .init("gather.probes.timeout", .number, default: "2", unit: "seconds", "Wait for each probe."),
        .init("gather.probes.retries", .integer, default: "1", "Retries of a failed probe."),
        .init(
            "gather.probes.count", .integer, default: "1", unit: "echoes",
            "Echoes per check of an ICMP target (1–100, 200 ms apart); from 2 on, each target reports lossPercent and jitterMs."),
        .init(
            "gather.targets", .items, default: "[]",
            "Monitoring targets: name, kind (icmp, tcp, http, https, dns), host, and optionally port, path, expectStatus, query, timeout, retries, count (icmp: echoes per check), id, ca."
        ),
        .init(
            "gather.publicIP", .section, note: "not set: no lookup",
            "Where to look up the public IP, ISP, ASN and location (nowhere unless set)."),
        .init("gather.publicIP.url", .string, note: "none", "A JSON lookup service's URL (required when publicIP is set)."),
        .init("gather.publicIP.timeout", .number, default: "3", unit: "seconds", "Wait for the answer."),
        .init("gather.publicIP.fields", .section, "Which field of the answer holds what."),
        .init("gather.publicIP.fields.ip", .string, default: "ip", "The address's field."),
        .init("gather.publicIP.fields.isp", .string, default: "isp", "The ISP's field."),
        .init("gather.publicIP.fields.asn", .string, default: "asn", "The ASN's field."),
        .init("gather.publicIP.fields.city", .string, default: "city", "The city's field."),
        .init("gather.publicIP.fields.country", .string, default: "country", "The country's field."),
        .init(
            "gather.devices", .items, default: "[]",
            "Per device (by mac): name, type, connection (wired, wireless) and via (the MAC of the switch or access point it is connected through)."
        ),
        .init("gather.sweep", .section, "The subnet sweep (`--sweep` turns it on for one run)."),
        .init("gather.sweep.enabled", .bool, default: "false", "Sweep the local subnet every gather."),
        .init("gather.sweep.subnet", .string, note: "the uplink's subnet", "The IPv4 subnet to sweep (CIDR)."),
        .init("gather.sweep.force", .bool, default: "false", "Sweep a subnet larger than /22."),
        .init("gather.sweep.timeout", .number, default: "1", unit: "seconds", "Longest wait for a host."),
        .init("gather.sweep.minimumTimeout", .number, default: "0.25", unit: "seconds", "Shortest wait for a host."),
        .init("gather.sweep.retries", .integer, default: "1", "Retries per host."),
        .init("gather.sweep.concurrency", .integer, default: "256", "Hosts probed at once."),
    ]
}
