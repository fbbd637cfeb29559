import CFontconfig
import Testing

@testable import NetsnapText

/// fontconfig loaded ahead on another thread: taken once, whole, and the fonts it finds are
/// the ones a configuration loaded on the spot finds.
@Suite struct FontconfigPreloadTests {
    @Test func aPreloadIsTakenOnceAndWhole() throws {
        let preload = FontconfigPreload()
        #expect(preload.take() == nil, "nothing was started")
        preload.start()
        preload.start()
        let config = try #require(preload.take())
        defer { fc.FcConfigDestroy(config) }
        #expect(preload.take() == nil, "a preload is taken once")
        #expect(Self.fileMatching("Inter", in: config)?.hasSuffix(".otf") == true, "the preloaded configuration has the system's fonts")
    }

    /// The file fontconfig matches to `family` in `config`.
    private static func fileMatching(_ family: String, in config: OpaquePointer) -> String? {
        guard let pattern = fc.FcPatternCreate() else { return nil }
        defer { fc.FcPatternDestroy(pattern) }
        _ = family.withCString { fc.FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = fc.FcConfigSubstitute(config, pattern, FcMatchPattern)
        fc.FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = fc.FcFontMatch(config, pattern, &result) else { return nil }
        defer { fc.FcPatternDestroy(matched) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard fc.FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    /// The main family comes from the standard font folders; /etc/fonts' whole configuration
    /// is loaded only for a character the main font lacks, and then gives its fallback.
    @Test func theWholeConfigurationLoadsOnlyForAFallback() throws {
        let fonts = try FontSystem()
        let style = TextStyle(pixelSize: 24, weight: .semibold)
        _ = fonts.layout("Home Wi-Fi · −58 dBm · 4.2 ms · Updated 10:42", style: style)
        #expect(!fonts.hasLoadedSystemFontConfiguration, "text Inter covers needed the whole configuration")
        let emoji = fonts.layout("Home 📶", style: style)
        #expect(fonts.hasLoadedSystemFontConfiguration)
        #expect(emoji.missingCharacters == 0)
        #expect(Set(emoji.glyphs.map(\.face)).count == 2, "the emoji comes from a font of its own")
    }

    @Test func fontsFromThePreloadMatchFontsLoadedOnTheSpot() throws {
        FontSystem.preloadFontconfig()
        let preloaded = try FontSystem()
        let onTheSpot = try FontSystem()
        #expect(preloaded.resolvedFamily == onTheSpot.resolvedFamily)
        let style = TextStyle(pixelSize: 24, weight: .semibold)
        let text = "Home Wi-Fi · بيت 📶"
        #expect(preloaded.layout(text, style: style).glyphs.map(\.glyph) == onTheSpot.layout(text, style: style).glyphs.map(\.glyph))
    }
}
