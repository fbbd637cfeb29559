import Crypto
import Foundation

/// A strong entity tag derived from a representation's bytes, so equal bytes always get the
/// same tag — across restarts and across files rewritten with the same content.
struct EntityTag: Sendable, Equatable {
    /// The header value, quotes included.
    let value: String

    init(of bytes: some DataProtocol) {
        // 128 bits of SHA-256 are plenty to tell versions apart and keep the header short.
        let digest = SHA256.hash(data: bytes)
        value = "\"" + digest.prefix(16).map { Self.hexDigits[Int($0 >> 4)] + Self.hexDigits[Int($0 & 0x0F)] }.joined() + "\""
    }

    private static let hexDigits = (0..<16).map { String($0, radix: 16) }

    /// True when any tag listed in the `If-None-Match` values (split at commas) matches, by
    /// the weak comparison RFC 9110 prescribes for that header, or is `*`.
    func isMatched(byIfNoneMatch values: [Substring]) -> Bool {
        values.contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            return (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == value
        }
    }
}
