/// Reads a JSON array of flat objects straight from its bytes, without building a `JSONValue`
/// for each: in a large document such an array is most of the text, and building, reading and
/// freeing 100,000 small objects was most of the cost of reading it.
///
/// It only takes the plain case — every element an object whose members are among `keys`,
/// each an unescaped string (valid UTF-8, no control characters) or `null`. On anything else
/// it gives up (nil) and the caller reads the array the general way, with `JSONParser`.
///
/// The scan reads the bytes through a `ByteView` (UnsafeBytes.swift), without a copy; an
/// `Object` keeps the array itself and ranges of it.
public struct FlatObjectArrayScanner {
    private let bytes: ByteView
    private var index: Int

    private init(bytes: ByteView, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// Scans the array starting at `start` in `bytes`, handing each element to `element` in
    /// order, and gives the index after the array; nil when the array is not the plain case or
    /// `element` returns false (give up).
    ///
    /// `keys` are the members an element may have; `Object` reads them by their position in
    /// `keys`. Of repeated keys the last wins, and `null` reads as absent, as with `JSONValue`.
    public static func scan(
        _ bytes: [UInt8], from start: Int, keys: [StaticString], element: (Object) -> Bool
    ) -> Int? {
        ByteView.with(bytes) { view in
            var scanner = FlatObjectArrayScanner(bytes: view, index: start)
            var object = Object(bytes: bytes, members: Array(repeating: nil, count: keys.count))
            guard scanner.array(keys: keys, object: &object, element: element) else { return nil }
            return scanner.index
        }
    }

    private mutating func array(keys: [StaticString], object: inout Object, element: (Object) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return true }
        while true {
            skipWhitespace()
            // The same `members` each time: unless `element` keeps the object, no copy is made.
            for position in object.members.indices { object.members[position] = nil }
            guard self.object(keys: keys, into: &object.members), element(object) else { return false }
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]"))
        }
    }

    private mutating func object(keys: [StaticString], into members: inout [Range<Int>?]) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = plainString() else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            let value: Range<Int>?
            if let text = plainString() {
                value = text
            } else if literal("null") {
                value = nil
            } else {
                return false
            }
            // An unknown key gives up: it may be a member the caller was not taught yet,
            // which it must not drop.
            guard let position = keys.firstIndex(where: { bytes.matches(key, $0) }) else { return false }
            members[position] = value
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// The contents of a string without escapes or control characters, valid UTF-8; nil
    /// (index unchanged) for anything else.
    private mutating func plainString() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var position = index + 1
        var isASCII = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let range = index + 1..<position
                if !isASCII, !bytes.isValidUTF8(range) { return nil }
                index = position + 1
                return range
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        return nil
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, bytes.matches(index..<index + count, word) else { return false }
        index += count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
