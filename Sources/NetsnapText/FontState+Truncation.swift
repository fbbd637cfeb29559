/// Text too wide for its space, cut and ended with "…".
extension FontState {
    /// The longest beginning of `source`, whole graphemes without trailing spaces, that
    /// fits `maxWidth` with "…" after it, shaped anew (Arabic letters at the cut take their
    /// final forms, and the ellipsis its place in the bidi order), in the paragraph direction
    /// `rightToLeft` (nil: the text's own).
    func truncated(_ source: Substring, shaped: ShapedText, style: TextStyle, maxWidth: Double, rightToLeft: Bool? = nil) -> TextLine {
        var perScalar = [Double](repeating: 0, count: shaped.scalarCount)
        for glyph in shaped.glyphs where glyph.cluster < perScalar.count { perScalar[glyph.cluster] += glyph.advance }
        let ellipsis = shape("\u{2026}", style: style).width
        // The width, in ems, of every beginning of the text, grapheme by grapheme.
        var ends: [Double] = []
        ends.reserveCapacity(shaped.graphemes.count)
        var total = 0.0
        for (index, grapheme) in shaped.graphemes.enumerated() {
            let next = index + 1 < shaped.graphemes.count ? shaped.graphemes[index + 1].firstScalar : perScalar.count
            total += perScalar[grapheme.firstScalar..<next].reduce(0, +)
            ends.append(total)
        }
        let budget = maxWidth / style.pixelSize
        var keep = shaped.graphemes.count
        while keep > 0, ends[keep - 1] + ellipsis > budget { keep -= 1 }
        while true {
            while keep > 0, shaped.graphemes[keep - 1].isWhitespace { keep -= 1 }
            let end = source.utf8.index(source.startIndex, offsetBy: keep > 0 ? shaped.graphemes[keep - 1].utf8End : 0)
            let head = source[..<end]
            let cut = shape(Substring(head + "\u{2026}"), style: style, rightToLeft: rightToLeft)
            // Shaping anew can widen the head a little (a final form, lost kerning): then one less.
            if keep == 0 || cut.width <= budget + 0.01 / style.pixelSize {
                return line(cut, style: style, isTruncated: true, missing: shaped.missingScalars)
            }
            keep -= 1
        }
    }
}
