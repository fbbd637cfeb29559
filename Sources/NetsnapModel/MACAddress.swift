/// A 48-bit MAC address: six hex octets separated by `:` or `-` in any case on input,
/// always written lowercase with `:`.
public struct MACAddress: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text, e.g. `a4:2b:b0:11:22:33`.
    public let text: String

    /// Parses `text`; nil when it is not six hex octets with one consistent separator.
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 17 else { return nil }
        let separator = utf8[2]
        guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: "-") else { return nil }
        var canonical: [UInt8] = []
        canonical.reserveCapacity(17)
        for (offset, byte) in utf8.enumerated() {
            if offset % 3 == 2 {
                guard byte == separator else { return nil }
                canonical.append(UInt8(ascii: ":"))
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): canonical.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): canonical.append(byte + 32)
            default: return nil
            }
        }
        self.text = String(decoding: canonical, as: UTF8.self)
    }

    public var description: String { text }

    /// The six octets.
    public var octets: [UInt8] { text.split(separator: ":").map { UInt8($0, radix: 16)! } }

    /// The last `count` octets as text, e.g. `bb:cc` — used in device display names.
    public func suffix(octets count: Int) -> String { String(text.suffix(count * 3 - 1)) }

    /// True when the locally administered bit is set (randomised "private" Wi-Fi addresses).
    public var isLocallyAdministered: Bool { octets[0] & 0x02 != 0 }
}
