import CBreakIterator

/// Where a text may be broken into lines, from ICU's line break iterator (UAX #14 with
/// CLDR's tailorings): after spaces and hyphens in Latin and Arabic, between most Japanese
/// characters but never before 。、」）ー or a small kana nor after 「（ (`ja@lb=strict`).
/// It uses the ICU that Foundation already links, so it carries no rules or data of its own;
/// the module's only ICU call.
public struct LineBreaks: Sendable {
    /// Every index a new line may start at, in order, ending with the text's end; the
    /// text's start is not one.
    public let opportunities: [String.Index]

    /// The opportunities in `text` for `locale` (BCP 47: `ja-JP`, `de-DE`, `ar-EG`); a
    /// substring's are indices of the string it is part of.
    public init(_ text: some StringProtocol, locale: String) {
        let units = Array(text.utf16)
        guard !units.isEmpty else {
            opportunities = []
            return
        }
        var status: Int32 = 0
        let offsets: [Int] = units.withUnsafeBufferPointer { buffer in
            guard
                let iterator = netsnap_ubrk_open(
                    netsnap_ubrk_line, Self.icuLocale(locale), buffer.baseAddress, Int32(buffer.count), &status),
                status <= 0
            else { return [] }
            defer { netsnap_ubrk_close(iterator) }
            var found: [Int] = []
            _ = netsnap_ubrk_first(iterator)
            while case let offset = netsnap_ubrk_next(iterator), offset != netsnap_ubrk_done {
                found.append(Int(offset))
            }
            return found
        }
        // ICU failing (it cannot, short of memory) leaves one opportunity: the text's end.
        opportunities =
            offsets.isEmpty ? [text.endIndex] : Self.indices(offsets, in: text).filter { !Self.splitsAFigure(text, at: $0) }
    }

    /// Units a figure keeps on its line ("0,5 s", "42 ms", "20 %"): the catalogues write a
    /// plain space before them, where a typesetter would put a no-break one.
    static let units: Set<Substring> = ["s", "ms", "min", "h", "%", "Mb/s", "Gb/s", "Mbit/s", "dBm", "KiB", "MB", "GB", "GiB", "d"]

    /// Whether a line starting at `index` would cut a unit ("Mb/" and "s") or leave a figure
    /// at the end of one line and its unit at the start of the next.
    static func splitsAFigure(_ text: some StringProtocol, at index: String.Index) -> Bool {
        guard index > text.startIndex, index < text.endIndex else { return false }
        let before = text[..<index]
        let wordStart = before.lastIndex(of: " ").map(text.index(after:)) ?? text.startIndex
        let word = text[wordStart...].prefix { $0 != " " && !",.;:)".contains($0) }
        guard units.contains(Substring(word)), index <= word.endIndex else { return false }
        guard index == wordStart else { return true }
        return before.dropLast().last?.isNumber == true
    }

    /// ICU's locale for a BCP 47 tag: Japanese with the strict rules Japanese typesetting
    /// (kinsoku) follows, which ICU's default for Japanese relaxes for small kana and "ー".
    static func icuLocale(_ tag: String) -> String {
        let locale = String(tag.map { $0 == "-" ? "_" : $0 })
        let language = locale.prefix { $0 != "_" }.lowercased()
        return language == "ja" ? locale + "@lb=strict" : locale
    }

    /// UTF-16 offsets, ascending, as indices of `text`, walked once.
    private static func indices(_ offsets: [Int], in text: some StringProtocol) -> [String.Index] {
        var index = text.utf16.startIndex
        var previous = 0
        return offsets.map { offset in
            index = text.utf16.index(index, offsetBy: offset - previous)
            previous = offset
            return index
        }
    }
}
