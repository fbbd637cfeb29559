import NetsnapModel

/// An IPv4 network in CIDR form, e.g. `192.168.1.0/24`.
public struct IPv4Subnet: Sendable, Equatable, CustomStringConvertible {
    /// The network address as a 32-bit number (host bits cleared).
    public let network: UInt32
    public let prefixLength: Int

    /// Parses `a.b.c.d/n`; host bits are cleared.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let prefix = Int(parts[1]), (0...32).contains(prefix),
            let address = IPAddress(String(parts[0])), let value = Self.number(address)
        else { return nil }
        self.init(address: value, prefixLength: prefix)
    }

    /// The subnet of `address` with `prefixLength` bits of network.
    public init(address: UInt32, prefixLength: Int) {
        self.prefixLength = prefixLength
        network = address & Self.mask(prefixLength)
    }

    public var description: String { "\(Self.text(network))/\(prefixLength)" }

    /// Addresses in the subnet.
    public var size: Int { 1 << (32 - prefixLength) }

    /// The addresses a sweep probes: all but the network and broadcast addresses
    /// (both for /31 and /32, which have none).
    public var hostAddresses: [IPAddress] {
        let first = prefixLength >= 31 ? network : network + 1
        let last = prefixLength >= 31 ? network + UInt32(size - 1) : network + UInt32(size - 2)
        guard first <= last else { return [] }
        return (first...last).compactMap { IPAddress(Self.text($0)) }
    }

    /// True when `address` lies inside.
    public func contains(_ address: IPAddress) -> Bool {
        guard let value = Self.number(address) else { return false }
        return value & Self.mask(prefixLength) == network
    }

    /// The 32-bit value of an IPv4 address; nil for IPv6.
    static func number(_ address: IPAddress) -> UInt32? {
        guard !address.isIPv6 else { return nil }
        let octets = address.text.split(separator: ".").compactMap { UInt32($0) }
        guard octets.count == 4 else { return nil }
        return octets[0] << 24 | octets[1] << 16 | octets[2] << 8 | octets[3]
    }

    static func text(_ value: UInt32) -> String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }

    static func mask(_ prefixLength: Int) -> UInt32 {
        prefixLength == 0 ? 0 : UInt32.max << (32 - prefixLength)
    }
}
