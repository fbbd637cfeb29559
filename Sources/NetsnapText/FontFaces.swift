import CFreeType
import NetsnapRaster

/// The FreeType library of one `FontState` and the faces loaded from it, looked up by
/// fontconfig (`FontLocator`) as text needs them: the main family per weight, the fallback
/// family, a face covering a character, the colour emoji font. Faces are numbered in the
/// order they were loaded; shaped text and glyph caches keep those numbers.
final class FontFaces {
    private let library: OpaquePointer
    private let locator: FontLocator
    let configuration: FontConfiguration
    private var list: [FontFace] = []
    private var faceIndices: [FontFile: Int] = [:]
    private var primary: [FontWeight: Int] = [:]
    private var fallback: [FontWeight: Int?] = [:]
    private var eastAsian: [FontWeight: Int?] = [:]
    private var embeddedEastAsian: [FontWeight: Int?] = [:]
    private var covering = BoundedCache<CoverageKey, Int?>(capacity: 4096)
    private(set) var emoji: Int??

    /// A character in a weight, whose fallback face depends on both.
    private struct CoverageKey: Hashable {
        var scalar: Unicode.Scalar
        var weight: FontWeight
        var outlineOnly: Bool
    }

    init(configuration: FontConfiguration) throws(FontError) {
        try TextLibraries.open()
        var library: OpaquePointer?
        guard ft.FT_Init_FreeType(&library) == 0, let library else { throw .freetypeUnavailable }
        self.library = library
        self.configuration = configuration
        do {
            locator = try FontLocator()
        } catch {
            _ = ft.FT_Done_FreeType(library)
            throw error
        }
        guard primaryFace(.regular) != nil else {
            list.removeAll()
            _ = ft.FT_Done_FreeType(library)
            throw .familyNotFound(configuration.family)
        }
    }

    deinit {
        // Faces belong to the library: close them first.
        list.removeAll()
        _ = ft.FT_Done_FreeType(library)
    }

    /// Face number `index`.
    subscript(index: Int) -> FontFace { list[index] }

    /// How many faces are loaded.
    var count: Int { list.count }

    /// Whether fontconfig's whole configuration was needed so far.
    var hasLoadedSystemConfiguration: Bool { locator.hasLoadedSystemConfiguration }

    /// How many characters' covering faces are remembered (tests check it stays bounded).
    var coveringCount: Int { covering.count }

    /// The family the main face actually came from.
    var resolvedFamily: String { primaryFace(.regular).map { list[$0].file.family } ?? "" }

    func primaryFace(_ weight: FontWeight) -> Int? {
        if let cached = primary[weight] { return cached }
        let file =
            locator.file(family: configuration.family, weight: weight)
            ?? locator.file(family: configuration.fallbackFamily, weight: weight)
        guard let index = file.flatMap(load) else { return nil }
        primary[weight] = index
        return index
    }

    func fallbackFace(_ weight: FontWeight) -> Int? {
        if let cached = fallback[weight] { return cached }
        let index = locator.file(family: configuration.fallbackFamily, weight: weight).flatMap(load)
        fallback[weight] = index
        return index
    }

    /// The family tried first for kana and CJK ideographs (Debian's `fonts-noto-cjk`), before
    /// fontconfig searches every font for one that has them.
    static let eastAsianFamily = "Noto Sans CJK JP"

    /// The CJK family's face, found by name among the font folders; nil when it is not installed.
    func eastAsianFace(_ weight: FontWeight) -> Int? {
        if let cached = eastAsian[weight] { return cached }
        let index = locator.file(family: Self.eastAsianFamily, weight: weight).flatMap(load)
        eastAsian[weight] = index
        return index
    }

    /// The CJK family cut down to the catalogues' words (`EmbeddedFonts`), tried before the
    /// installed family, which is opened only for other kana and ideographs.
    func embeddedEastAsianFace(_ weight: FontWeight) -> Int? {
        if let cached = embeddedEastAsian[weight] { return cached }
        let index = load(EmbeddedFonts.eastAsianFile(weight))
        embeddedEastAsian[weight] = index
        return index
    }

    func coveringFace(_ scalar: Unicode.Scalar, weight: FontWeight, outlineOnly: Bool) -> Int? {
        covering.value(for: CoverageKey(scalar: scalar, weight: weight, outlineOnly: outlineOnly)) {
            locator.file(covering: scalar, weight: weight, outlineOnly: outlineOnly).flatMap(load)
        }
    }

    func emojiFace() -> Int? {
        if let cached = emoji { return cached }
        let index = locator.colorEmojiFile().flatMap(load)
        emoji = .some(index)
        return index
    }

    func load(_ file: FontFile) -> Int? {
        if let index = faceIndices[file] { return index }
        guard let face = try? FontFace(library: library, file: file) else { return nil }
        list.append(face)
        faceIndices[file] = list.count - 1
        return list.count - 1
    }
}
