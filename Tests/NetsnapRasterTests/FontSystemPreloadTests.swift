import Synchronization
import Testing

@testable import NetsnapText

/// A font system made ahead on another thread: taken once, only for its own configuration,
/// with its weights loaded, and laying text out as a system made on the spot does.
@Suite struct FontSystemPreloadTests {
    @Test func aPreloadIsTakenOnceAndLoadsEveryWeight() async throws {
        let preload = FontSystemPreload()
        #expect(preload.take(for: FontConfiguration()) == nil, "nothing was started")
        preload.start()
        preload.start()
        let system = try #require(preload.take(for: FontConfiguration()))
        #expect(preload.take(for: FontConfiguration()) == nil, "a preload is taken once")
        #expect(system.resolvedFamily == "Inter")
        #expect(system.loadedFaceCount >= 1, "handed over with its regular face")
        // The other weights load on the preloading thread after the hand-over.
        for _ in 0..<500 where system.loadedFaceCount < FontWeight.allCases.count { try await Task.sleep(for: .milliseconds(10)) }
        #expect(system.loadedFaceCount == FontWeight.allCases.count, "Inter's four weights are loaded")
        #expect(!system.hasLoadedSystemFontConfiguration, "warming up needs only the standard folders")
    }

    @Test func workRunsFirstOnThePreloadingThread() throws {
        let preload = FontSystemPreload()
        let ran = Mutex(false)
        preload.start { ran.withLock { $0 = true } }
        #expect(preload.take(for: FontConfiguration()) != nil)
        #expect(ran.withLock { $0 })
    }

    @Test func aPreloadIsNotHandedToAnotherConfiguration() throws {
        let preload = FontSystemPreload()
        preload.start()
        #expect(preload.take(for: FontConfiguration(family: "DejaVu Sans")) == nil)
        #expect(preload.take(for: FontConfiguration()) != nil, "still there for its own configuration")
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

    /// Japanese is found by the CJK family's name among the font folders: a tile in Japanese
    /// does not pay for /etc/fonts' whole configuration (about 4 ms, and 20 % of a tile).
    @Test func japaneseNeedsOnlyTheFontFolders() throws {
        let fonts = try FontSystem()
        let line = fonts.layout("更新 10:42 · ホームWi-Fi", style: TextStyle(pixelSize: 24, weight: .bold))
        #expect(line.missingCharacters == 0)
        #expect(!fonts.hasLoadedSystemFontConfiguration)
        #expect(Set(line.glyphs.map(\.face)).count == 2, "Inter for the Latin, Noto Sans CJK JP for the Japanese")
    }

    @Test func fontsFromThePreloadMatchFontsLoadedOnTheSpot() throws {
        FontSystem.preload()
        let preloaded = try FontSystem.make()
        let onTheSpot = try FontSystem.make()
        #expect(preloaded !== onTheSpot)
        #expect(preloaded.resolvedFamily == onTheSpot.resolvedFamily)
        let style = TextStyle(pixelSize: 24, weight: .semibold)
        let text = "Home Wi-Fi · بيت 📶"
        #expect(preloaded.layout(text, style: style).glyphs.map(\.glyph) == onTheSpot.layout(text, style: style).glyphs.map(\.glyph))
    }
}
