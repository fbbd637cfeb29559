import Foundation
import NetsnapJSON

/// UUIDs as text, by hand: Foundation's `UUID(uuidString:)` and `uuidString` go through
/// sscanf/snprintf on Linux, which dominated decoding and writing 100,000 devices.
public enum UUIDText {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The UUID in `text` (8-4-4-4-12 hex digits, any case), or nil.
    public static func parse(_ text: String) -> UUID? { parse(utf8: text.utf8) }

    /// The UUID in the UTF-8 text `utf8`, or nil.
    static func parse<Text: Sequence<UInt8>>(utf8: Text) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var high: UInt8?
        var position = 0
        for byte in utf8 {
            defer { position += 1 }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                guard count < 16 else { return nil }
                bytes[count] = first << 4 | nibble
                count += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard position == 36, count == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Upper-case 8-4-4-4-12 text, as `uuidString` writes it.
    public static func format(_ id: UUID) -> String {
        let u = id.uuid
        return ASCIIBuffer.string(capacity: 36) { buffer in
            var position = 0
            func put(_ byte: UInt8) {
                buffer.write(hexDigits[Int(byte >> 4)], at: position)
                buffer.write(hexDigits[Int(byte & 0x0F)], at: position + 1)
                position += 2
            }
            func dash() {
                buffer.write(UInt8(ascii: "-"), at: position)
                position += 1
            }
            put(u.0)
            put(u.1)
            put(u.2)
            put(u.3)
            dash()
            put(u.4)
            put(u.5)
            dash()
            put(u.6)
            put(u.7)
            dash()
            put(u.8)
            put(u.9)
            dash()
            put(u.10)
            put(u.11)
            put(u.12)
            put(u.13)
            put(u.14)
            put(u.15)
            return position
        }
    }
}
