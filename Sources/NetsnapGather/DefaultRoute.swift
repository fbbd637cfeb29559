import NetsnapModel

/// The kernel's default route for one address family, parsed from `/proc/net/route` or
/// `/proc/net/ipv6_route`.
public struct DefaultRoute: Sendable, Equatable {
    public let interface: String
    public let gateway: IPAddress
    public let metric: UInt32

    public init(interface: String, gateway: IPAddress, metric: UInt32) {
        self.interface = interface
        self.gateway = gateway
        self.metric = metric
    }

    private static let routeUp: UInt32 = 0x0001  // RTF_UP
    private static let routeGateway: UInt32 = 0x0002  // RTF_GATEWAY
    private static let routeReject: UInt32 = 0x0200  // RTF_REJECT

    /// The IPv4 default route with the lowest metric in `/proc/net/route` text: destination
    /// and mask 0, up, via a gateway. Addresses there are hex in host (little-endian) order.
    public static func parseIPv4(_ text: String) -> DefaultRoute? {
        var best: DefaultRoute?
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000",
                let gatewayValue = UInt32(fields[2], radix: 16), let flags = UInt32(fields[3], radix: 16),
                let metric = UInt32(fields[6]),
                flags & routeUp != 0, flags & routeGateway != 0, flags & routeReject == 0
            else { continue }
            let host = gatewayValue.byteSwapped
            guard let gateway = IPAddress(IPv4Subnet.text(host)) else { continue }
            if best == nil || metric < best!.metric {
                best = DefaultRoute(interface: String(fields[0]), gateway: gateway, metric: metric)
            }
        }
        return best
    }

    /// The IPv6 default route with the lowest metric in `/proc/net/ipv6_route` text:
    /// `::/0`, up, with a next hop, not a reject route (the kernel keeps a `lo` reject `::/0`).
    public static func parseIPv6(_ text: String) -> DefaultRoute? {
        var best: DefaultRoute?
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 10, fields[0].allSatisfy({ $0 == "0" }), fields[1] == "00",
                let metric = UInt32(fields[5], radix: 16), let flags = UInt32(fields[8], radix: 16),
                flags & routeUp != 0, flags & routeReject == 0, !fields[4].allSatisfy({ $0 == "0" }),
                let gateway = ipv6(fromHex: fields[4])
            else { continue }
            if best == nil || metric < best!.metric {
                best = DefaultRoute(interface: String(fields[9]), gateway: gateway, metric: metric)
            }
        }
        return best
    }

    /// 32 hex digits as an IPv6 address.
    static func ipv6(fromHex hex: Substring) -> IPAddress? {
        guard hex.count == 32 else { return nil }
        var groups: [String] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 4)
            groups.append(String(hex[index..<next]))
            index = next
        }
        return IPAddress(groups.joined(separator: ":"))
    }
}
