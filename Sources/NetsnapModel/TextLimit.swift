/// The longest text a string field of the contract may hold. A snapshot comes from any
/// producer on the LAN, and a field without a bound is a field that can make every renderer
/// downstream take seconds and hundreds of megabytes; the decoder refuses longer text with
/// the field's JSON path, like any other contract violation.
public enum TextLimit: Sendable, Equatable, CustomStringConvertible {
    /// At most this many bytes of UTF-8.
    case utf8Bytes(Int)
    /// At most this many Unicode scalars (what JSON Schema's `maxLength` counts).
    case characters(Int)

    /// `status.ssid`: 32 bytes, the most an 802.11 SSID can hold.
    public static let ssid = TextLimit.utf8Bytes(32)
    /// Names people or vendors chose: `source.name`, `targets[].name`, `devices[].customName`,
    /// `devices[].vendor`, `status.gatewayVendor`, `status.ispName`; and `targets[].lastError`.
    public static let name = TextLimit.characters(256)
    /// `targets[].host`: a host name, an address or a URL.
    public static let host = TextLimit.characters(512)
    /// `devices[].hostname`: 255, the most DHCP's host name option carries (DNS names stop at 253).
    public static let hostname = TextLimit.characters(255)
    /// `status.location.city`, `.country`.
    public static let place = TextLimit.characters(128)
    /// Short labels: `status.frequency`, `.securityType`, `.asn`.
    public static let label = TextLimit.characters(64)

    /// Whether `text` fits. Costs at most `limit` steps beyond the O(1) byte count, however
    /// long the text: a string within the limit in bytes is within it in scalars too.
    public func admits(_ text: String) -> Bool {
        switch self {
        case .utf8Bytes(let limit):
            return text.utf8.count <= limit
        case .characters(let limit):
            if text.utf8.count <= limit { return true }
            var count = 0
            for _ in text.unicodeScalars {
                count += 1
                if count > limit { return false }
            }
            return true
        }
    }

    /// How the text of `text` measures against the limit, for error messages.
    func measure(_ text: String) -> String {
        switch self {
        case .utf8Bytes: return "\(text.utf8.count) bytes"
        case .characters: return "\(text.unicodeScalars.count) characters"
        }
    }

    /// "32 bytes of UTF-8", "256 characters".
    public var description: String {
        switch self {
        case .utf8Bytes(let limit): return "\(limit) bytes of UTF-8"
        case .characters(let limit): return "\(limit) characters"
        }
    }
}
