import Foundation

extension FlatObjectArrayScanner {
    /// One element of a scanned array: its members' text, read by their position in the
    /// `keys` given to `scan`. Nil where a member is absent or `null`.
    public struct Object {
        /// The whole document; `members` are ranges of it.
        let bytes: [UInt8]
        var members: [Range<Int>?]

        /// The member's text (checked valid UTF-8 by the scan).
        public func string(_ key: Int) -> String? {
            members[key].map { String(decoding: bytes[$0], as: UTF8.self) }
        }

        /// The member's text as UTF-8 bytes, without a copy.
        public func utf8(_ key: Int) -> ArraySlice<UInt8>? {
            members[key].map { bytes[$0] }
        }

        /// The member read as an RFC 3339 date; nil when absent or not a date.
        public func date(_ key: Int) -> Date? {
            utf8(key).flatMap { RFC3339.parse(utf8: $0) }
        }
    }
}
