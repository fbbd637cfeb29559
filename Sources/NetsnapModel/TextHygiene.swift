/// Makes text from a snapshot safe for places where invisible characters do harm. Every
/// string from a snapshot is hostile: a device on the LAN names itself, and a name with a
/// newline forges a journal line, an ESC sends terminal escape codes, a NUL makes an Atom
/// feed invalid XML, and a U+202E reverses the text around it.
public enum TextHygiene {
    /// `text` with every control character written as a visible escape, for log lines and
    /// terminals: `\n`, `\r`, `\t`, `\\` and `\u{1B}` style for the rest of C0, DEL, C1, the
    /// line and paragraph separators (U+2028, U+2029) and the bidirectional controls. The
    /// result is one line, and distinct inputs stay distinct (the backslash is escaped too).
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsLogEscape($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where needsLogEscape(scalar):
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` with every character that has no place in markup replaced by U+FFFD: C0
    /// controls other than tab, line feed and carriage return (NUL included), DEL, C1 and
    /// the noncharacters U+FFFE and U+FFFF — what XML 1.0 forbids and HTML calls a parse
    /// error. For HTML, XML and any other text a reader sees.
    public static func replacingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isForbiddenInMarkup($0) }) else { return text }
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            cleaned.append(isForbiddenInMarkup(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(cleaned)
    }

    static func needsLogEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x5C, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func isForbiddenInMarkup(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
