import Testing

@testable import NetsnapModel

@Suite struct TextHygieneTests {
    @Test func everyControlCharacterIsEscapedForLogs() {
        for value in Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029, 0x202E, 0x2066, 0x200F] {
            let scalar = Unicode.Scalar(UInt32(value))!
            let escaped = TextHygiene.escapingControls("a\(Character(scalar))b")
            #expect(!escaped.unicodeScalars.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(escaped.hasPrefix("a\\") && escaped.hasSuffix("b"))
        }
        #expect(TextHygiene.escapingControls("a\nb\r\tc\u{1B}[31m\u{0}") == #"a\nb\r\tc\u{1B}[31m\u{0}"#)
    }

    @Test func escapingKeepsDistinctTextsDistinct() {
        #expect(TextHygiene.escapingControls("a\nb") != TextHygiene.escapingControls(#"a\nb"#))
        #expect(TextHygiene.escapingControls(#"a\b"#) == #"a\\b"#)
        #expect(TextHygiene.escapingControls("Café 📶 Дом") == "Café 📶 Дом")
    }

    @Test func markupLosesWhatXMLCannotCarry() {
        #expect(TextHygiene.replacingControls("a\u{0}b\u{1B}c\u{7F}d\u{9F}e\u{FFFE}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}")
        #expect(TextHygiene.replacingControls("line\none\ttab\r") == "line\none\ttab\r")
        #expect(TextHygiene.replacingControls("\u{202E}bidi") == "\u{202E}bidi")
    }
}
