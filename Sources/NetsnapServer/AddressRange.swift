#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IP address or a CIDR block (`172.30.32.2`, `10.0.0.0/8`, `::1`, `fd00::/8`), as
/// `serve.allowFrom` lists whom the server lets connect. Parsed with `inet_pton`, so it takes
/// exactly the addresses the system does; an IPv4 peer reached over an IPv6 socket
/// (`::ffff:a.b.c.d`) counts as its IPv4 address.
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    /// The network's bytes: 4 for IPv4, 16 for IPv6.
    let bytes: [UInt8]
    /// How many leading bits must match.
    let prefixLength: Int
    public let description: String

    /// The range `text` names; nil when it is not an address, or its prefix length does not
    /// fit its family.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.parse(String(parts[0])) else { return nil }
        var length = bytes.count * 8
        if parts.count == 2 {
            guard let given = Int(parts[1]), parts[1].allSatisfy(\.isASCII), (0...length).contains(given) else { return nil }
            length = given
        }
        self.bytes = bytes
        self.prefixLength = length
        self.description = text
    }

    /// True when the address `text` (a peer's, as NIO says it) lies in the range.
    public func contains(_ text: String) -> Bool {
        guard var address = Self.parse(text) else { return false }
        if address.count == 16, bytes.count == 4, address[0..<12] == Self.mappedPrefix[...] { address = Array(address[12...]) }
        guard address.count == bytes.count else { return false }
        let whole = prefixLength / 8
        if address[0..<whole] != bytes[0..<whole] { return false }
        let rest = prefixLength % 8
        guard rest > 0 else { return true }
        let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - rest))
        return address[whole] & mask == bytes[whole] & mask
    }

    /// `::ffff:0:0/96`, where IPv6 sockets show IPv4 peers.
    private static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

    /// The address's bytes, IPv4 or IPv6; nil for anything else.
    private static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}

extension Array where Element == AddressRange {
    /// True when the list is empty (everyone may connect) or a range holds `address`.
    public func admits(_ address: String?) -> Bool {
        guard !isEmpty else { return true }
        guard let address else { return false }
        return contains { $0.contains(address) }
    }
}
