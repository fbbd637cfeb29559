import CFontconfig

/// Finds font files through fontconfig: by family and weight, by a character they
/// must contain, or the colour emoji font. Not thread-safe: `FontSystem` serializes it.
///
/// A family is looked up among the standard font folders first: that configuration loads
/// in about 0.5 ms, where the system's whole one (dozens of XML files in /etc/fonts) takes
/// about 4 ms, and finding a font by its own name needs none of its rules. The whole one —
/// aliases such as "emoji", folders added there, per-user settings — is loaded the first
/// time a character needs a fallback or an emoji its font, or a family is not in the folders.
final class FontLocator {
    /// Debian's default font folders and font caches, as /etc/fonts/fonts.conf names them.
    static let standardFolders = """
        <fontconfig>
          <dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir><dir prefix="xdg">fonts</dir><dir>~/.fonts</dir>
          <cachedir>/var/cache/fontconfig</cachedir><cachedir prefix="xdg">fontconfig</cachedir><cachedir>~/.fontconfig</cachedir>
        </fontconfig>
        """

    private let folders: OpaquePointer
    private var system: OpaquePointer??
    private var familyFaces: [String: FamilyFaces] = [:]

    init() throws(FontError) {
        guard let folders = Self.loadStandardFolders() else { throw .fontconfigUnavailable }
        self.folders = folders
    }

    deinit {
        fc.FcConfigDestroy(folders)
        if case .some(.some(let system)) = system { fc.FcConfigDestroy(system) }
    }

    /// A configuration of the standard font folders alone, their caches read; nil when
    /// fontconfig cannot build it.
    static func loadStandardFolders() -> OpaquePointer? {
        guard let config = fc.FcConfigCreate() else { return nil }
        let loaded = standardFolders.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: standardFolders.utf8.count + 1) {
                fc.FcConfigParseAndLoadFromMemory(config, $0, 1) != 0 && fc.FcConfigBuildFonts(config) != 0
            }
        }
        guard loaded else {
            fc.FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// Whether the system's whole configuration was loaded (tests check it stays unloaded
    /// for text the main font covers).
    var hasLoadedSystemConfiguration: Bool { system != nil }

    /// The system's whole configuration, loaded on first use; nil when it cannot be.
    private var systemConfiguration: OpaquePointer? {
        if let system { return system }
        let loaded = fc.FcInitLoadConfigAndFonts()
        system = .some(loaded)
        return loaded
    }

    /// The file of `family` at `weight`, or nil when fontconfig would substitute another family.
    func file(family: String, weight: FontWeight) -> FontFile? {
        if let found = faces(of: family).closest(to: weight.fontconfigWeight) { return found }
        let build = { (pattern: OpaquePointer) in
            Self.add(family, to: pattern, key: FC_FAMILY)
            _ = fc.FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigWeight)
        }
        let named = { (found: FontFile) in found.family.lowercased() == family.lowercased() }
        return systemConfiguration.flatMap { match(in: $0, build) }.flatMap { named($0) ? $0 : nil }
    }

    /// The upright faces of `family` in the font folders, listed once for all its weights:
    /// matching each weight against every installed font took fontconfig 1.2 million
    /// instructions a weight, four weights a family, at every start.
    private func faces(of family: String) -> FamilyFaces {
        if let listed = familyFaces[family] { return listed }
        var listed = FamilyFaces()
        if let pattern = fc.FcPatternCreate(), let objects = fc.FcObjectSetCreate() {
            defer {
                fc.FcPatternDestroy(pattern)
                fc.FcObjectSetDestroy(objects)
            }
            Self.add(family, to: pattern, key: FC_FAMILY)
            _ = fc.FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
            for object in [FC_FILE, FC_INDEX, FC_FAMILY, FC_WEIGHT, FC_WIDTH, FC_VARIABLE] { _ = fc.FcObjectSetAdd(objects, object) }
            if let set = fc.FcFontList(folders, pattern, objects) {
                defer { fc.FcFontSetDestroy(set) }
                let fonts = UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont))
                listed = FamilyFaces(fonts.compactMap { $0.flatMap { Self.listedFace($0, family: family) } })
            }
        }
        familyFaces[family] = listed
        return listed
    }

    /// A listed face whose first family is `family` (fontconfig also lists a face under its
    /// other names, e.g. "Inter Medium" as "Inter").
    private static func listedFace(_ font: OpaquePointer, family: String) -> FamilyFaces.Face? {
        var path: UnsafeMutablePointer<FcChar8>?
        var name: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        var weight: Int32 = 0
        var width: Int32 = Int32(FC_WIDTH_NORMAL)
        var variable: FcBool = 0
        guard fc.FcPatternGetString(font, FC_FILE, 0, &path) == FcResultMatch, let path,
            fc.FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch, let name,
            fc.FcPatternGetInteger(font, FC_WEIGHT, 0, &weight) == FcResultMatch
        else { return nil }
        _ = fc.FcPatternGetInteger(font, FC_INDEX, 0, &index)
        _ = fc.FcPatternGetInteger(font, FC_WIDTH, 0, &width)
        _ = fc.FcPatternGetBool(font, FC_VARIABLE, 0, &variable)
        let file = FontFile(path: String(cString: path), index: Int(index), family: String(cString: name))
        guard file.family.lowercased() == family.lowercased(), variable == 0 else { return nil }
        return FamilyFaces.Face(file: file, weight: weight, width: width)
    }

    /// A file whose font has a glyph for `scalar`, preferring `weight`; with `outlineOnly`,
    /// never a colour font (an emoji on 1-bit e-ink is drawn from outlines, e.g. Symbola).
    func file(covering scalar: Unicode.Scalar, weight: FontWeight, outlineOnly: Bool = false) -> FontFile? {
        guard let charset = fc.FcCharSetCreate() else { return nil }
        defer { fc.FcCharSetDestroy(charset) }
        _ = fc.FcCharSetAddChar(charset, FcChar32(scalar.value))
        var covers = false
        guard let system = systemConfiguration else { return nil }
        let found = match(
            in: system,
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
        guard let system = systemConfiguration else { return nil }
        let found = match(
            in: system,
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

    private func match(
        in config: OpaquePointer, _ build: (OpaquePointer) -> Void, inspect: (OpaquePointer) -> Void = { _ in }
    ) -> FontFile? {
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
