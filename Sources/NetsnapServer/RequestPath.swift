/// A request path turned into segments that are safe to look up under the output folder —
/// or refused. Decoding happens exactly once, and anything a second decoding, another
/// platform or a path join could turn into a step outside the folder is refused instead:
/// `..` and `.` (plain or `%2e`-encoded), a `%` left after decoding (double encoding),
/// backslashes, NUL and other control bytes, empty segments (`//etc/passwd`), and hidden
/// names (the atomic writer's `.name.pid.tmp` files among them).
struct RequestPath: Equatable {
    /// The path segments, decoded; `/` becomes `index.html`.
    let segments: [String]

    init?(raw: some StringProtocol) {
        guard raw.first == "/", let decoded = Self.percentDecoded(raw.utf8.dropFirst()) else { return nil }
        guard !decoded.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F })
        else { return nil }
        guard let text = String(validating: decoded, as: UTF8.self) else { return nil }
        if text.isEmpty {
            segments = ["index.html"]
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else { return nil }
        segments = parts.map(String.init)
    }

    /// The segments joined: the path relative to the output folder.
    var relativePath: String { segments.joined(separator: "/") }

    /// `bytes` with every `%XX` replaced by its byte; nil when an escape is malformed.
    static func percentDecoded(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            output.append(high << 4 | low)
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
