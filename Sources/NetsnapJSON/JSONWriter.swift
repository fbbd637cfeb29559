/// Serializes `JSONValue`s deterministically: members in the order given, two-space
/// indentation, numbers in their shortest round-trip form, absent values as `null`.
public enum JSONWriter {
    /// The UTF-8 bytes of `value`, pretty-printed and ending in a newline.
    public static func bytes(_ value: JSONValue, pretty: Bool = true) -> [UInt8] {
        bytes(value, pretty: pretty, capacity: 4096)
    }

    /// `bytes`, with room for `capacity` bytes from the start: a size near the output's spares a
    /// large one its copies as it grows.
    public static func bytes(_ value: JSONValue, pretty: Bool, capacity: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        write(value, into: &output, indent: pretty ? 0 : nil)
        if pretty { output.append(0x0A) }
        return output
    }

    /// Appends `text` as a JSON string, escaped as every string this writer writes.
    public static func appendString(_ text: String, to output: inout [UInt8]) {
        writeString(text, into: &output)
    }

    /// A number as JSON text: integers without a fraction, others in shortest form.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8], indent: Int?) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: format(number).utf8)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, into: &output, indent: indent) { index, output, inner in
                write(elements[index], into: &output, indent: inner)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, into: &output, indent: indent) { index, output, inner in
                writeString(members[index].key, into: &output)
                output.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
                write(members[index].value, into: &output, indent: inner)
            }
        }
    }

    private static func writeContainer(
        open: Character, close: Character, count: Int, into output: inout [UInt8], indent: Int?,
        element: (Int, inout [UInt8], Int?) -> Void
    ) {
        output.append(contentsOf: String(open).utf8)
        guard count > 0 else {
            output.append(contentsOf: String(close).utf8)
            return
        }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let inner { newline(into: &output, indent: inner) }
            element(index, &output, inner)
        }
        if let indent { newline(into: &output, indent: indent) }
        output.append(contentsOf: String(close).utf8)
    }

    private static func newline(into output: inout [UInt8], indent: Int) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        if ByteView.with(text, { $0.append(to: &output, unlessAny: needsEscape) }) {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            // '<' and '>' are escaped so the JSON stays inert when inlined into an HTML page.
            case 0x00..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
