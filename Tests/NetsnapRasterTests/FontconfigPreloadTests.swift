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
        defer { FcConfigDestroy(config) }
        #expect(preload.take() == nil, "a preload is taken once")
        let fonts = FcConfigGetFonts(config, FcSetSystem)
        #expect((fonts?.pointee.nfont ?? 0) > 0, "the preloaded configuration has the system's fonts")
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
