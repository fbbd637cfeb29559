/// The plainest request there is, read straight from the bytes a connection delivered: one
/// `GET` or `HEAD` of a path without escapes, with at most a query of letters, digits and
/// "-._~=&" (a tile's parameters), over HTTP/1.1, with no body and no
/// field that changes what the request means or how it is framed. Anything else — more or
/// fewer bytes than exactly one such request, a byte out of place — is not one, and goes to
/// the HTTP parser as before. Stricter than the parser on purpose: what is read here is
/// answered without it, so it must never read a request differently.
struct PlainFileRequest: Equatable {
    let isHead: Bool
    let path: String
    /// What follows "?"; nil without one.
    let query: Substring?

    /// The most bytes read here; a longer request goes to the parser.
    static let maximumBytes = 4096

    /// Fields that frame a body, make the answer conditional or partial, carry credentials
    /// or change the connection: a request with any of them is not plain. Lowercase.
    static let meaningfulFields: [StaticString] = [
        "content-length", "transfer-encoding", "connection", "upgrade", "expect", "te", "trailer", "range", "if-match",
        "if-none-match", "if-modified-since", "if-unmodified-since", "if-range", "authorization", "access-token",
        "proxy-connection", "keep-alive",
    ]

    /// Whether `name` is one of `meaningfulFields`, in any case; compared in place, as every
    /// request's every field name is (a String made for each was a measurable part of an answer).
    static func isMeaningful(_ name: UnsafeRawBufferPointer) -> Bool {
        meaningfulFields.contains { Self.equalsIgnoringCase(name, $0) }
    }

    /// `bytes` against lowercase ASCII `lowercase`, ASCII letters in either case.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            guard folded == lowercase.utf8Start[offset] else { return false }
        }
        return true
    }

    /// Reads forward through the bytes; every step either matches and moves on, or fails.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// An origin-form path: "/" then path characters (RFC 3986 pchar without "%").
        mutating func path() -> String? {
            let start = index
            guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return nil }
            while index < bytes.count, Self.isPathByte(bytes[index]) { index += 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// Field lines up to the empty one: each a token, ":", and visible ASCII; at most one
        /// Host, none of `meaningfulFields`.
        mutating func plainFields() -> Bool {
            var hosts = 0
            while !skip("\r\n") {
                let nameStart = index
                while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
                guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                let name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<index])
                index += 1
                while index < bytes.count, Self.isValueByte(bytes[index]) { index += 1 }
                guard skip("\r\n"), !PlainFileRequest.isMeaningful(name) else { return false }
                if PlainFileRequest.equalsIgnoringCase(name, "host") { hosts += 1 }
            }
            return hosts <= 1
        }

        /// After "?": the query, in bytes a tile's parameters take, escaped or not (`KeptTiles`
        /// decodes the values as the router does).
        mutating func query() -> Substring? {
            guard skip("?") else { return nil }
            let start = index
            while index < bytes.count, Self.isQueryByte(bytes[index]) { index += 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)[...]
        }

        // Byte classes as switches, not `"…".utf8.contains`: every byte of every request
        // passes through one, and the literal's view was searched for each.
        static func isQueryByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "="), UInt8(ascii: "&"),
                UInt8(ascii: "%"):
                true
            default: false
            }
        }

        static func isPathByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
                UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
                UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
                true
            default: false
            }
        }

        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
                UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                true
            default: false
            }
        }

        /// Visible ASCII, space and tab: no control character, no CR or LF, no obs-text.
        static func isValueByte(_ byte: UInt8) -> Bool {
            byte == 0x09 || (0x20...0x7E).contains(byte)
        }
    }
}

extension PlainFileRequest {
    /// `bytes` as one plain request, or nil.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= Self.maximumBytes else { return nil }
        var reader = Reader(bytes: bytes)
        if reader.skip("GET ") {
            isHead = false
        } else if reader.skip("HEAD ") {
            isHead = true
        } else {
            return nil
        }
        guard let path = reader.path() else { return nil }
        let query = reader.query()
        guard reader.skip(" HTTP/1.1\r\n"), reader.plainFields(), reader.isAtEnd else { return nil }
        self.path = path
        self.query = query
    }
}
