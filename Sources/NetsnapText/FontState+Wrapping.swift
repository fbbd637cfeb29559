/// Text set on several lines, broken only where its language allows.
extension FontState {
    /// `source` on at most `maxLines` lines no wider than `maxWidth` pixels, each as long as
    /// fits, ending at one of `breaks` (indices of `source`), its trailing spaces left out.
    /// A word wider than a line is cut with "…" and the next line starts after it; the last
    /// line takes the rest of `text` (of which `source` is the beginning) and ends in "…"
    /// when that does not fit. Lines after the first keep its direction, so an Arabic
    /// sentence's second line reads right to left even when it starts with a Latin word.
    func wrapped(
        _ text: String, source: Substring, breaks: [String.Index], style: TextStyle, maxWidth: Double, maxLines: Int
    ) -> [TextLine] {
        var lines: [TextLine] = []
        var start = source.startIndex
        var rightToLeft: Bool?
        var ends = breaks[...]
        while start < source.endIndex, lines.count < maxLines {
            ends = ends.drop { $0 <= start }
            let line: TextLine
            if lines.count == maxLines - 1 {
                line = layout(String(text[start...]), style: style, maxWidth: maxWidth, rightToLeft: rightToLeft)
                start = source.endIndex
            } else if let end = longestFitting(source, from: start, ends: ends, style: style, maxWidth: maxWidth, rightToLeft) {
                line = self.line(
                    shape(Self.trimmed(source[start..<end]), style: style, rightToLeft: rightToLeft), style: style, isTruncated: false)
                start = end
            } else {
                let end = ends.first ?? source.endIndex
                line = layout(String(Self.trimmed(source[start..<end])), style: style, maxWidth: maxWidth, rightToLeft: rightToLeft)
                start = end
            }
            rightToLeft = rightToLeft ?? line.isRightToLeft
            lines.append(line)
        }
        return lines
    }

    /// The furthest of `ends` up to which `source` from `start` fits on one line; nil when
    /// not even the first does. Widths grow with the end, so a binary search finds it.
    private func longestFitting(
        _ source: Substring, from start: String.Index, ends: ArraySlice<String.Index>, style: TextStyle, maxWidth: Double,
        _ rightToLeft: Bool?
    ) -> String.Index? {
        var low = ends.startIndex
        var high = ends.endIndex
        while low < high {
            let middle = (low + high) / 2
            let shaped = shape(Self.trimmed(source[start..<ends[middle]]), style: style, rightToLeft: rightToLeft)
            if fits(shaped, style: style, maxWidth: maxWidth) { low = middle + 1 } else { high = middle }
        }
        return low > ends.startIndex ? ends[low - 1] : nil
    }

    /// A line's text without the spaces it was broken after.
    private static func trimmed(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[..<end]
    }
}
