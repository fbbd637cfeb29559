import Foundation
import NetsnapModel

/// Host names known without asking the network: DHCP leases (by MAC, then by IP) and
/// `/etc/hosts` (by IP). A DHCP client's own name beats a static entry: it is what the
/// device calls itself.
public struct HostnameDirectory: Sendable, Equatable {
    private var leaseNamesByMAC: [MACAddress: String] = [:]
    private var leaseNamesByIP: [IPAddress: String] = [:]
    private var hostsNamesByIP: [IPAddress: String] = [:]

    public init() {}

    /// The best name for a device, or nil.
    public func hostname(mac: MACAddress?, ip: IPAddress?) -> String? {
        if let mac, let name = leaseNamesByMAC[mac] { return name }
        if let ip, let name = leaseNamesByIP[ip] { return name }
        if let ip, let name = hostsNamesByIP[ip] { return name }
        return nil
    }

    /// Adds `/etc/hosts` lines (`address name aliases… # comment`), first name per address;
    /// loopback and multicast entries are skipped.
    public mutating func addHostsFile(_ text: String) {
        for line in text.split(separator: "\n") {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let address = IPAddress(String(fields[0])) else { continue }
            let text = address.text
            if text.hasPrefix("127.") || text == "::1" || text.hasPrefix("ff0") || text.hasPrefix("fe00") { continue }
            if hostsNamesByIP[address] == nil { hostsNamesByIP[address] = String(fields[1]) }
        }
    }

    /// Adds a lease file in either format it recognises: ISC dhcpd (`lease … { … }` blocks)
    /// or dnsmasq / Pi-hole (`expiry mac ip name client-id` lines).
    public mutating func addLeaseFile(_ text: String) {
        if text.contains("lease "), text.contains("{") { addISCLeases(text) } else { addDnsmasqLeases(text) }
    }

    /// dnsmasq writes `*` for a client that sent no name; DHCPv6 lines carry an IAID in
    /// the MAC column, so they only index by address.
    mutating func addDnsmasqLeases(_ text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, fields[3] != "*", let address = IPAddress(String(fields[2])) else { continue }
            let name = String(fields[3])
            leaseNamesByIP[address] = name
            if let mac = MACAddress(String(fields[1])) { leaseNamesByMAC[mac] = name }
        }
    }

    /// ISC dhcpd appends a new block per lease change, so the last block for an address wins.
    mutating func addISCLeases(_ text: String) {
        var address: IPAddress?
        var mac: MACAddress?
        var name: String?
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("lease "), line.hasSuffix("{") {
                address = IPAddress(String(line.split(separator: " ")[1]))
                mac = nil
                name = nil
            } else if line.hasPrefix("hardware ethernet ") {
                mac = MACAddress(String(line.dropFirst("hardware ethernet ".count).prefix(17)))
            } else if line.hasPrefix("client-hostname ") {
                name = String(line.dropFirst("client-hostname ".count)).trimmingCharacters(in: .init(charactersIn: "\";"))
            } else if line == "}", let address {
                if let name, !name.isEmpty {
                    leaseNamesByIP[address] = name
                    if let mac { leaseNamesByMAC[mac] = name }
                }
            }
        }
    }
}
