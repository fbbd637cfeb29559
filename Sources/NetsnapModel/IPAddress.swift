import Foundation

/// An IPv4 or IPv6 address, validated with `inet_pton` and kept in canonical text form.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text (`inet_ntop` form: lowercase, compressed IPv6).
    public let text: String
    /// True for IPv6.
    public let isIPv6: Bool

    /// Parses `text`; nil when it is not an IPv4 or IPv6 address.
    public init?(_ text: String) {
        if Self.isDottedQuad(text) {
            // A plain dotted quad (no leading zeros) is already canonical.
            self.text = text
            isIPv6 = false
            return
        }
        // inet_pton would stop at a NUL and accept what came before it.
        guard text.contains(":"), !text.utf8.contains(0) else { return nil }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        self.text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        isIPv6 = true
    }

    public var description: String { text }

    /// Four decimal octets 0–255 without leading zeros, checked without a C call: snapshots
    /// hold hundreds of thousands of addresses.
    private static func isDottedQuad(_ text: String) -> Bool {
        var octets = 0
        var value = 0
        var digits = 0
        var leadingZero = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, octets < 3 else { return false }
                octets += 1
                value = 0
                digits = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 3, !leadingZero || digits == 0 else { return false }
            if digits == 0 { leadingZero = byte == UInt8(ascii: "0") } else if leadingZero { return false }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            guard value <= 255 else { return false }
        }
        return octets == 3 && digits > 0
    }

    /// True for addresses that only make sense inside a site: RFC 1918, CGNAT, link-local,
    /// loopback and IPv6 unique-local / link-local. Redaction hides these.
    public var isLocal: Bool {
        if isIPv6 {
            let lower = text.lowercased()
            return lower == "::1" || lower.hasPrefix("fe8") || lower.hasPrefix("fe9") || lower.hasPrefix("fea")
                || lower.hasPrefix("feb") || lower.hasPrefix("fc") || lower.hasPrefix("fd")
        }
        let octets = text.split(separator: ".").compactMap { Int($0) }
        guard octets.count == 4 else { return false }
        switch (octets[0], octets[1]) {
        case (10, _), (127, _), (192, 168), (169, 254): return true
        case (172, 16...31), (100, 64...127): return true
        default: return false
        }
    }
}
