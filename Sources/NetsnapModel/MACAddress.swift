/// A 48-bit MAC address: six hex octets separated by `:` or `-` in any case on input,
/// always written lowercase with `:`.
public struct MACAddress: Sendable, Hashable, CustomStringConvertible {
    /// The canonical text, e.g. `a4:2b:b0:11:22:33`.
    public let text: String

    /// Parses `text`; nil when it is not six hex octets with one consistent separator.
    public init?(_ text: String) {
        var canonical = true
        let valid = text.utf8.count == 17 && Self.scan(text.utf8, canonical: &canonical)
        guard valid else { return nil }
        // Already lowercase with ':' (what netsnap writes): keep the string as it is.
        if canonical {
            self.text = text
            return
        }
        let bytes = text.utf8.enumerated().map { offset, byte -> UInt8 in
            if offset % 3 == 2 { return UInt8(ascii: ":") }
            return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") ? byte + 32 : byte
        }
        self.text = String(decoding: bytes, as: UTF8.self)
    }

    /// Six hex octets with one consistent separator; `canonical` says whether the text is
    /// already lowercase and `:`-separated.
    private static func scan(_ utf8: String.UTF8View, canonical: inout Bool) -> Bool {
        var separator: UInt8 = 0
        for (offset, byte) in utf8.enumerated() {
            if offset % 3 == 2 {
                if separator == 0 {
                    guard byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") else { return false }
                    separator = byte
                    if byte != UInt8(ascii: ":") { canonical = false }
                } else if byte != separator {
                    return false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "F"): canonical = false
            default: return false
            }
        }
        return true
    }

    public var description: String { text }

    /// The six octets.
    public var octets: [UInt8] { text.split(separator: ":").map { UInt8($0, radix: 16)! } }

    /// The last `count` octets as text, e.g. `bb:cc` — used in device display names.
    public func suffix(octets count: Int) -> String { String(text.suffix(count * 3 - 1)) }

    /// True when the locally administered bit is set (randomised "private" Wi-Fi addresses).
    public var isLocallyAdministered: Bool { octets[0] & 0x02 != 0 }
}
