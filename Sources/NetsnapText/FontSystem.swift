import NIOConcurrencyHelpers
import NetsnapRaster

/// Fonts found through fontconfig, text shaped by HarfBuzz and ordered by FriBidi, glyphs
/// rasterized by FreeType: lays out and draws lines of text in any script, with fallback
/// fonts, colour emoji, ellipsis truncation and line breaking.
///
/// FreeType faces are not thread-safe, so all of it sits behind one lock; a system can
/// be shared, and caches glyphs across renders. The lock is a plain pthread mutex, whose
/// waiter sleeps: Swift's `Mutex` is a priority-inheriting futex on Linux, and the kernel
/// keeps its waiter spinning for as long as the holder runs — while the preload thread
/// loads the CJK faces, 1.4 ms of a Japanese tile's CPU (docs/performance.md).
public final class FontSystem: @unchecked Sendable {
    private let lock = NIOLock()
    /// Touched only under `lock`.
    private var fontState: FontState

    /// The family actually used as the main font (the fallback when the configured one is missing).
    public let resolvedFamily: String

    /// Opens the fonts `configuration` names; throws when neither the family nor its fallback is installed.
    public init(configuration: FontConfiguration = FontConfiguration()) throws(FontError) {
        fontState = try FontState(configuration: configuration)
        resolvedFamily = fontState.resolvedFamily
    }

    /// Starts making a system for the default configuration on another thread, for the first
    /// `make` of this process: a command that will draw text calls it as early as it can.
    /// `first` runs on that thread before it.
    public static func preload(first: @escaping @Sendable () -> Void = {}, text: String = "") {
        FontSystemPreload.shared.start(first: first, text: text)
    }

    /// A system for `configuration`: the one `preload()` made ahead when it is for the same
    /// configuration (waiting for it if need be), else a new one.
    public static func make(configuration: FontConfiguration = FontConfiguration()) throws(FontError) -> FontSystem {
        if let preloaded = FontSystemPreload.shared.take(for: configuration) { return preloaded }
        return try FontSystem(configuration: configuration)
    }

    /// Loads every weight of the main family and shapes a character in each, so the first
    /// real text finds its faces and HarfBuzz's shaping plans ready; `text` in each weight
    /// too, which loads the faces another script needs (Japanese's CJK font).
    /// Each weight takes the lock on its own, so text drawn meanwhile waits for one at most.
    func warmUp(_ text: String = "") {
        for weight in FontWeight.allCases {
            withState { _ = $0.layout("0" + text, style: TextStyle(pixelSize: 16, weight: weight), maxWidth: nil) }
        }
    }

    /// How many faces are loaded (tests check a preloaded system has its weights ready).
    var loadedFaceCount: Int { withState { $0.loadedFaceCount } }

    /// The files of the loaded faces, in load order (tests check which fonts text opened).
    var loadedFontPaths: [String] { withState { state in (0..<state.faces.count).map { state.faces[$0].file.path } } }

    /// Whether fontconfig's whole configuration was needed so far (tests check text the main
    /// font covers never needs it).
    var hasLoadedSystemFontConfiguration: Bool {
        withState { $0.hasLoadedSystemFontConfiguration }
    }

    /// How many values the growing caches hold (tests check they stay bounded).
    var cacheCounts: (images: Int, shapes: Int, covering: Int) {
        withState { $0.cacheCounts }
    }

    /// Vertical metrics of the main font in `style`.
    public func metrics(_ style: TextStyle) -> FontMetrics {
        withState { $0.metrics(style) }
    }

    /// Lays out `text` on one line: split into runs by font, bidi level and script, each
    /// shaped by HarfBuzz (kerning, ligatures, marks, Arabic joining, emoji sequences) and
    /// ordered by FriBidi, so Arabic and Hebrew read right to left beside Latin and digits.
    /// When `maxWidth` (pixels) is given and the text is wider, it is cut at its logical
    /// end and ends with "…" so it fits.
    public func layout(_ text: String, style: TextStyle, maxWidth: Double? = nil) -> TextLine {
        withState { $0.layout(text, style: style, maxWidth: maxWidth) }
    }

    /// Lays out `text` on at most `maxLines` lines of `maxWidth` pixels, broken only where
    /// `locale`'s rules allow (`LineBreaks`: between words, between most Japanese characters
    /// but not before "。"), each line shaped and ordered as `layout` does. A word wider than a
    /// line is cut with "…", and so is the last line when the text goes on past it.
    public func wrap(_ text: String, style: TextStyle, maxWidth: Double, maxLines: Int, locale: String) -> [TextLine] {
        // Only what the lines could show is looked at, as `layout` does for one.
        let source = style.cut(text, maxWidth: maxWidth * Double(max(maxLines, 1))).text
        let breaks = LineBreaks(source, locale: locale).opportunities
        return withState {
            $0.wrapped(text, source: source, breaks: breaks, style: style, maxWidth: maxWidth, maxLines: maxLines)
        }
    }

    /// Draws `line` with its origin at (`x`, `baseline`) in pixels. Glyph origins snap to
    /// whole pixels so stems stay crisp. Colour emoji keep their colours unless
    /// `tintColorGlyphs` is set (e.g. for a night theme), when they take `color` too.
    public func draw(
        _ line: TextLine, into pixmap: inout Pixmap, x: Double, baseline: Double, color: Color,
        tintColorGlyphs: Bool = false, clip: Rect? = nil
    ) {
        var unmarked: SolidPixels?
        draw(line, into: &pixmap, x: x, baseline: baseline, color: color, tintColorGlyphs: tintColorGlyphs, clip: clip, marking: &unmarked)
    }

    /// Draws `line` as above and marks the pixels it touched in `solid`, so reducing the
    /// pixmap to a few greys rounds the text instead of dithering it.
    public func draw(
        _ line: TextLine, into pixmap: inout Pixmap, x: Double, baseline: Double, color: Color,
        tintColorGlyphs: Bool = false, clip: Rect? = nil, marking solid: inout SolidPixels?
    ) {
        let images = withState { $0.images(for: line) }
        for (glyph, image) in zip(line.glyphs, images) {
            let penX = Int((x + glyph.x).rounded())
            let penY = Int((baseline - glyph.y).rounded())
            switch image {
            case .mask(let mask, let left, let top):
                pixmap.fill(mask: mask, atX: penX + left, y: penY - top, with: .solid(color), clip: clip)
                solid?.mark(mask, atX: penX + left, y: penY - top, clip: clip)
            case .color(let bitmap, let left, let top):
                guard tintColorGlyphs || solid != nil else {
                    pixmap.draw(bitmap, atX: penX + left, y: penY - top, clip: clip)
                    continue
                }
                let alpha = Mask(
                    width: bitmap.width, height: bitmap.height,
                    coverage: stride(from: 3, to: bitmap.bytes.count, by: 4).map { bitmap.bytes[$0] })
                if tintColorGlyphs {
                    pixmap.fill(mask: alpha, atX: penX + left, y: penY - top, with: .solid(color), clip: clip)
                } else {
                    pixmap.draw(bitmap, atX: penX + left, y: penY - top, clip: clip)
                }
                solid?.mark(alpha, atX: penX + left, y: penY - top, clip: clip)
            case .empty:
                continue
            }
        }
    }

    private func withState<Result>(_ body: (inout FontState) -> Result) -> Result {
        lock.withLock { body(&fontState) }
    }
}
