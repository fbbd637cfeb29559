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
    /// The negotiated speed in Mb/s, when the link is up and its driver says.
    public var speedMbps: Int?

    /// The host's own address to show: the first IPv4 one, else the first global IPv6 one.
    public var localAddress: IPAddress? {
        addresses.first { !$0.address.isIPv6 }?.address ?? addresses.first { !$0.address.isLocal }?.address
            ?? addresses.first?.address
    }

    /// Writes what is known of the link into `status`: interface, speed, the host's address.
    func describe(_ status: inout NetworkStatus) {
        status.interfaceName = name
        status.linkSpeedMbps = speedMbps
        status.localIP = localAddress
    }

    /// The interface's first IPv4 subnet, which a sweep covers by default.
    public var ipv4Subnet: IPv4Subnet? {
        addresses.first { !$0.address.isIPv6 }.flatMap { entry in
            IPv4Subnet.number(entry.address).map { IPv4Subnet(address: $0, prefixLength: entry.prefixLength) }
        }
    }

    /// Reads `name`'s kind and speed from sysfs and its addresses from the kernel (`getifaddrs`).
    public static func inspect(_ name: String, sysClassNet: String) -> UplinkInterface {
        let link = InterfaceLink.read(name, sysClassNet: sysClassNet)
        return UplinkInterface(name: name, kind: link.kind, addresses: addresses(of: name), speedMbps: link.speedMbps)
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
