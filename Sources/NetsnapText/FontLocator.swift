import CFontconfig

/// Finds font files through fontconfig: by family and weight, by a character they
/// must contain, or the colour emoji font. Not thread-safe: `FontSystem` serializes it.
final class FontLocator {
    private let config: OpaquePointer

    init() throws(FontError) {
        guard let config = FontconfigPreload.shared.take() ?? fc.FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
        self.config = config
    }

    deinit {
        fc.FcConfigDestroy(config)
    }

    /// The file of `family` at `weight`, or nil when fontconfig would substitute another family.
    func file(family: String, weight: FontWeight) -> FontFile? {
        let found = match { pattern in
            Self.add(family, to: pattern, key: FC_FAMILY)
            _ = fc.FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigWeight)
        }
        return found.flatMap { $0.family.lowercased() == family.lowercased() ? $0 : nil }
    }

    /// A file whose font has a glyph for `scalar`, preferring `weight`; with `outlineOnly`,
    /// never a colour font (an emoji on 1-bit e-ink is drawn from outlines, e.g. Symbola).
    func file(covering scalar: Unicode.Scalar, weight: FontWeight, outlineOnly: Bool = false) -> FontFile? {
        guard let charset = fc.FcCharSetCreate() else { return nil }
        defer { fc.FcCharSetDestroy(charset) }
        _ = fc.FcCharSetAddChar(charset, FcChar32(scalar.value))
        var covers = false
        let found = match(
            { pattern in
                _ = fc.FcPatternAddCharSet(pattern, FC_CHARSET, charset)
                _ = fc.FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigWeight)
                if outlineOnly { _ = fc.FcPatternAddBool(pattern, FC_COLOR, 0) }
            },
            inspect: { matched in
                var matchedSet: OpaquePointer?
                var color: FcBool = 0
                let isColor = fc.FcPatternGetBool(matched, FC_COLOR, 0, &color) == FcResultMatch && color != 0
                covers =
                    fc.FcPatternGetCharSet(matched, FC_CHARSET, 0, &matchedSet) == FcResultMatch
                    && fc.FcCharSetHasChar(matchedSet, FcChar32(scalar.value)) != 0 && !(outlineOnly && isColor)
            })
        return covers ? found : nil
    }

    /// The colour emoji font, if one is installed.
    func colorEmojiFile() -> FontFile? {
        var isColor = false
        let found = match(
            { pattern in
                Self.add("emoji", to: pattern, key: FC_FAMILY)
                _ = fc.FcPatternAddBool(pattern, FC_COLOR, 1)
            },
            inspect: { matched in
                var color: FcBool = 0
                isColor = fc.FcPatternGetBool(matched, FC_COLOR, 0, &color) == FcResultMatch && color != 0
            })
        return isColor ? found : nil
    }

    private func match(_ build: (OpaquePointer) -> Void, inspect: (OpaquePointer) -> Void = { _ in }) -> FontFile? {
        guard let pattern = fc.FcPatternCreate() else { return nil }
        defer { fc.FcPatternDestroy(pattern) }
        build(pattern)
        _ = fc.FcConfigSubstitute(config, pattern, FcMatchPattern)
        fc.FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = fc.FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { fc.FcPatternDestroy(matched) }
        inspect(matched)
        var path: UnsafeMutablePointer<FcChar8>?
        var family: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard fc.FcPatternGetString(matched, FC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        _ = fc.FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        _ = fc.FcPatternGetString(matched, FC_FAMILY, 0, &family)
        return FontFile(
            path: String(cString: path), index: Int(index), family: family.map { String(cString: $0) } ?? "")
    }

    private static func add(_ value: String, to pattern: OpaquePointer, key: String) {
        _ = value.withCString { characters in
            characters.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { bytes in
                fc.FcPatternAddString(pattern, key, bytes)
            }
        }
    }
}
