import Foundation
import NetsnapModel
import NetsnapPNG
import NetsnapQR
import NetsnapRaster
import NetsnapText
import NetsnapWidgets

/// Renders widget models into PNG status tiles: pure and deterministic — the same
/// widgets, request, render time and fonts give the same bytes. A PNG's bytes depend on its
/// pixels alone (no time in its metadata), so a display that compares them, or their
/// hash, redraws only when the picture changed.
public struct TileRenderer: Sendable {
    /// The fonts text is set in; shared, and safe to share across tasks.
    public let fonts: FontSystem
    /// PNG filter and deflate settings for colour tiles.
    public var compression: PNGCompression
    /// PNG filter and deflate settings for grey tiles.
    public var grayCompression: PNGCompression
    /// The bitmap fonts LED matrices are drawn in, read on first use.
    public let pixelFonts: PixelFontShelf

    /// Outer margin around the cards, in points; small paper panels, which have no cards,
    /// keep less.
    private static let margin = 10.0
    private static let smallPanelMargin = 6.0
    /// Corner radius of an RGBA tile's own outline, as iOS draws widgets.
    private static let tileRadius = 22.0

    /// Creates a renderer over `fonts`.
    public init(
        fonts: FontSystem, pixelFonts: PixelFontShelf = PixelFontShelf(), compression: PNGCompression = .tuned,
        grayCompression: PNGCompression = .tunedGray
    ) {
        self.fonts = fonts
        self.pixelFonts = pixelFonts
        self.compression = compression
        self.grayCompression = grayCompression
    }

    /// The PNG bytes of `request` for `widgets` as of `now` (which decides staleness). An
    /// LED-matrix tile without its bitmap fonts is refused with an error naming xfonts-base.
    public func png(for widgets: WidgetSet, request: TileRequest, now: Date) throws -> [UInt8] {
        if Self.layoutClass(of: request.target) == .micro {
            try MicroTile.requireFonts(height: request.pixelHeight, on: pixelFonts)
        }
        return try encode(render(widgets, request: request, now: now))
    }

    /// Draws the tile without encoding it (for benchmarks and tests).
    public func render(_ widgets: WidgetSet, request: TileRequest, now: Date) -> RenderedTile {
        let canvas = draw(widgets, request: request, now: now)
        switch request.format {
        case .rgb, .rgba:
            return .color(canvas.pixmap)
        case .gray(let bitDepth):
            return .gray(canvas.pixmap.grayscale(bitDepth: bitDepth, dithering: request.dithering, keepingSolid: canvas.solidText))
        }
    }

    /// PNG bytes of a rendered tile with one fixed `tEXt` chunk naming the software. No
    /// time goes in: pictures that look the same must be the same bytes. A colour tile handed
    /// over (`consume`) is encoded in its own memory.
    public func encode(_ tile: consuming RenderedTile) throws -> [UInt8] {
        let text = [PNGTextChunk(keyword: "Software", text: "netsnap")]
        let encoder = PNGEncoder(compression: compression, grayCompression: grayCompression)
        switch consume tile {
        case .color(let pixmap): return try encoder.encode(pixmap, text: text)
        case .gray(let image): return try encoder.encode(image, text: text)
        }
    }

    /// Lays out and draws onto a fresh canvas; the canvas keeps the landmarks tests probe.
    func draw(_ widgets: WidgetSet, request: TileRequest, now: Date) -> TileCanvas {
        let format = request.format
        let paper: Bool
        if case .gray = format { paper = true } else { paper = false }
        let layoutClass = Self.layoutClass(of: request.target)
        // An LED matrix lights its pixels on black: no light theme there.
        let theme = layoutClass == .micro && !paper && request.theme == .light ? .dark : request.theme
        let palette = TilePalette.make(theme, paper: paper)
        let scale = Self.scale(of: request.target)
        var grayBitDepth: Int?
        if case .gray(let bitDepth) = format { grayBitDepth = bitDepth }
        let canvas = TileCanvas(
            width: request.pixelWidth, height: request.pixelHeight, fonts: fonts, palette: palette, scale: scale,
            monochrome: format == .gray(bitDepth: 1), grayBitDepth: grayBitDepth)
        canvas.mirrored = request.wording.isRightToLeft
        let content = TileContent(widgets: widgets, now: now, timeZone: request.timeZone, wording: request.wording)
        if layoutClass == .micro {
            canvas.pixmap.fillAll(with: .solid(paper ? palette.backgroundTop : .black))
            MicroTile(content: content, palette: palette, pixelFonts: pixelFonts).draw(on: canvas)
            return canvas
        }
        drawBackground(on: canvas, transparentCorners: format == .rgba)

        var layout = TileLayout(cards: TileCards(content: content, palette: palette))
        if Self.hasRoomForQRCode(request.target) { layout.qrCode = request.qrURL.flatMap(QRMatrix.init(encoding:)) }
        let bounds = Rect(x: 0, y: 0, width: Double(request.pixelWidth) / scale, height: Double(request.pixelHeight) / scale)
        let margin = layoutClass == .strip || layoutClass == .square ? Self.smallPanelMargin : Self.margin
        var area = bounds.insetBy(dx: margin, dy: margin)
        let banded = palette.isPaper && content.isStale
        if banded, layoutClass == .strip || layoutClass == .square || request.screen != .overview {
            // Small panels, and the screens that are one list or one code, lay out above the
            // band, so it hides no status, number or module.
            area.height = max(0, area.height - StaleBand.height(canvasHeight: bounds.height) + margin / 2)
        }
        // Larger screens let the band cover the ends of their lists, and keep the QR code up
        // beside the targets, clear of it.
        layout.codeBesideTargets = banded
        layout.area = (area.width, area.height)
        let root: any TileNode
        switch (request.target, layoutClass) {
        case (.display, _) where request.screen != .overview: root = layout.screen(request.screen, url: request.qrURL)
        case (.widget(.small, _), _): root = layout.small()
        case (.widget(.medium, _), _): root = layout.medium()
        case (.widget(.large, _), _): root = layout.large()
        case (_, .strip): root = layout.strip()
        case (_, .square): root = layout.square()
        case (_, .portrait): root = layout.portraitDisplay()
        default: root = layout.landscapeDisplay()
        }
        root.draw(in: area, canvas: canvas)
        if banded {
            StaleBand(labels: content.staleLabels).draw(in: bounds, canvas: canvas)
        }
        return canvas
    }

    /// The display's layout class; nil for phone widgets, which keep their own arrangements.
    static func layoutClass(of target: TileRequest.Target) -> TileLayoutClass? {
        guard case .display(let profile) = target else { return nil }
        return profile.layoutClass
    }

    /// The large widget and the landscape and portrait displays; the rest have no room for
    /// a code a phone can read beside what they must show.
    static func hasRoomForQRCode(_ target: TileRequest.Target) -> Bool {
        switch target {
        case .widget(let size, _): size == .large
        case .display(let profile): profile.layoutClass == .landscape || profile.layoutClass == .portrait
        }
    }

    /// Phone widgets use their scale; displays their class's (see `TileLayoutClass`).
    static func scale(of target: TileRequest.Target) -> Double {
        switch target {
        case .widget(_, let scale): Double(scale)
        case .display(let profile): profile.layoutClass.scale(width: profile.width, height: profile.height)
        }
    }

    func drawBackground(on canvas: TileCanvas, transparentCorners: Bool) {
        let palette = canvas.palette
        let pixmap = canvas.pixmap
        // Top to bottom: every background row is one colour, which keeps the glass cards
        // even and lets the PNG rows compress to a fraction of a diagonal ramp's size.
        let paint: Paint =
            palette.backgroundTop == palette.backgroundBottom
            ? .solid(palette.backgroundTop)
            : .linearGradient(
                LinearGradient(
                    start: Point(x: 0, y: 0), end: Point(x: 0, y: Double(pixmap.height)),
                    stops: [.init(0, palette.backgroundTop), .init(1, palette.backgroundBottom)]))
        if transparentCorners {
            canvas.pixmap = Pixmap(width: pixmap.width, height: pixmap.height)
            canvas.pixmap.fill(.roundedRect(pixmap.bounds, radius: Self.tileRadius * canvas.scale), with: paint)
        } else {
            canvas.pixmap.fillAll(with: paint)
        }
    }
}
