import CHarfBuzz
import NetsnapRaster

/// Shaping with HarfBuzz: text split into runs of one face, bidi level and script, shaped
/// run by run in visual order, and cached.
extension FontState {
    /// A stretch of scalars shaped together: one face, one bidi level, one script.
    struct Run {
        var range: Range<Int>
        var face: Int
        var level: UInt8
        var script: hb_script_t
    }

    /// `text` shaped with HarfBuzz, run by run, in visual order; cached by text, weight,
    /// colour mode and direction, as the size only scales it. `rightToLeft` sets the
    /// paragraph's direction; nil takes it from the first strong character.
    func shape(_ text: Substring, style: TextStyle, rightToLeft: Bool? = nil) -> ShapedText {
        guard text.utf8.count <= Self.longestCachedText * 4 else { return shapeUncached(text, style: style, rightToLeft: rightToLeft) }
        let key = ShapeKey(text: String(text), weight: style.weight, colorGlyphs: style.colorGlyphs, rightToLeft: rightToLeft)
        return shapes.value(for: key) { shapeUncached(text, style: style, rightToLeft: rightToLeft) }
    }

    func shapeUncached(_ text: Substring, style: TextStyle, rightToLeft: Bool?) -> ShapedText {
        var shaped = ShapedText()
        var scalars: [UInt32] = []
        var scalarFaces: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        var previousFace: Int?
        var utf8End = 0
        for character in text {
            utf8End += character.utf8.count
            guard let face = faces.face(for: character, weight: style.weight, colorGlyphs: style.colorGlyphs, previous: previousFace)
            else {
                shaped.missingScalars += character.unicodeScalars.count
                continue
            }
            shaped.graphemes.append(
                ShapedText.Grapheme(firstScalar: scalars.count, utf8End: utf8End, isWhitespace: character.isWhitespace))
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                scalarFaces.append(face)
            }
            previousFace = face
        }
        shaped.scalarCount = scalars.count
        guard !scalars.isEmpty else { return shaped }
        let bidi = BidiLevels(scalars, rightToLeft: rightToLeft)
        shaped.isRightToLeft = bidi.isRightToLeft
        let runs = Self.runs(faces: scalarFaces, levels: bidi.levels, scripts: Self.scripts(of: scalars))
        let order = BidiLevels.visualOrder(of: runs.map(\.level))
        scalars.withUnsafeBufferPointer { text in
            for run in order.map({ runs[$0] }) {
                faces[run.face].shape(
                    text, range: run.range, rightToLeft: run.level & 1 == 1, script: run.script, faceIndex: run.face,
                    buffer: buffer, into: &shaped)
            }
        }
        return shaped
    }

    /// Splits the text where the face, the bidi level or the script changes.
    static func runs(faces: [Int], levels: [UInt8], scripts: [hb_script_t]) -> [Run] {
        var runs: [Run] = []
        var start = 0
        for index in 1...faces.count {
            let ends =
                index == faces.count || faces[index] != faces[start] || levels[index] != levels[start]
                || scripts[index] != scripts[start]
            guard ends else { continue }
            runs.append(Run(range: start..<index, face: faces[start], level: levels[start], script: scripts[start]))
            start = index
        }
        return runs
    }

    /// Each scalar's script, with spaces, digits, punctuation and marks (Common and
    /// Inherited) taking the script of the letters before them, or after them at the start.
    static func scripts(of scalars: [UInt32]) -> [hb_script_t] {
        let functions = hb.hb_unicode_funcs_get_default()
        var scripts = scalars.map { hb.hb_unicode_script(functions, $0) }
        let neutral: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue]
        // Emoji alone, digits alone: one Common run, so a ZWJ sequence ligates.
        var current = scripts.first(where: { !neutral.contains($0.rawValue) }) ?? HB_SCRIPT_COMMON
        for index in scripts.indices {
            if neutral.contains(scripts[index].rawValue) { scripts[index] = current } else { current = scripts[index] }
        }
        return scripts
    }
}
