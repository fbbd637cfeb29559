import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// The interface the default route leaves through: its kind and addresses.
public struct UplinkInterface: Sendable, Equatable {
    /// One address configured on the interface, with its prefix length.
    public struct Address: Sendable, Equatable {
        public let address: IPAddress
        public let prefixLength: Int
    }

    public let name: String
    public let kind: NetworkStatus.ConnectionType
    public let addresses: [Address]

    /// The interface's first IPv4 subnet, which a sweep covers by default.
    public var ipv4Subnet: IPv4Subnet? {
        addresses.first { !$0.address.isIPv6 }.flatMap { entry in
            IPv4Subnet.number(entry.address).map { IPv4Subnet(address: $0, prefixLength: entry.prefixLength) }
        }
    }

    /// Drivers of USB modems and phone tethering: their links are cellular.
    static let cellularDrivers: Set<String> = [
        "qmi_wwan", "cdc_mbim", "huawei_cdc_ncm", "option", "sierra_net", "rndis_host", "ipheth",
    ]

    /// Reads `name`'s kind from sysfs and its addresses from the kernel (`getifaddrs`).
    public static func inspect(_ name: String, sysClassNet: String) -> UplinkInterface {
        UplinkInterface(name: name, kind: kind(of: name, sysClassNet: sysClassNet), addresses: addresses(of: name))
    }

    /// Wi-Fi when the interface has wireless extensions or a phy80211 link; cellular for
    /// wwan / ppp / rmnet names, PPP or raw-IP link types and USB modem drivers; else Ethernet.
    public static func kind(of name: String, sysClassNet: String) -> NetworkStatus.ConnectionType {
        let directory = "\(sysClassNet)/\(name)"
        let files = FileManager.default
        if files.fileExists(atPath: "\(directory)/wireless") || files.fileExists(atPath: "\(directory)/phy80211") {
            return .wifi
        }
        if ["wwan", "ppp", "wwp", "rmnet", "ccmni"].contains(where: name.hasPrefix) { return .cellular }
        let linkType = (try? String(contentsOfFile: "\(directory)/type", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if linkType == "512" || linkType == "519" { return .cellular }  // ARPHRD_PPP, ARPHRD_RAWIP
        if let driver = try? files.destinationOfSymbolicLink(atPath: "\(directory)/device/driver"),
            cellularDrivers.contains((driver as NSString).lastPathComponent)
        {
            return .cellular
        }
        return .ethernet
    }

    /// The IPv4 and IPv6 addresses on `name`.
    static func addresses(of name: String) -> [Address] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var result: [Address] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard String(cString: current.pointee.ifa_name) == name, let address = current.pointee.ifa_addr,
                let netmask = current.pointee.ifa_netmask
            else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            guard let ip = NameResolver.ipAddress(of: address), let maskText = NameResolver.ipAddress(of: netmask)
            else { continue }
            result.append(Address(address: ip, prefixLength: prefixLength(of: maskText, family: family, pointer: netmask)))
        }
        return result
    }

    /// Counts the set bits of a netmask.
    private static func prefixLength(of mask: IPAddress, family: Int32, pointer: UnsafeMutablePointer<sockaddr>) -> Int {
        if family == AF_INET { return IPv4Subnet.number(mask).map { $0.nonzeroBitCount } ?? 0 }
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
            withUnsafeBytes(of: v6.pointee.sin6_addr) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
        }
    }
}
