import Foundation
import NetsnapRaster
import NetsnapText

extension TileRenderer {
    /// The PNG bytes of the wall of sites for `request` (its theme, size or display profile).
    public func png(for wall: WallTile, request: TileRequest) throws -> [UInt8] {
        let micro = Self.layoutClass(of: request.target) == .micro
        if micro { try MicroTile.requireFonts(height: request.pixelHeight, on: pixelFonts) }
        let canvas = draw(wall, request: request)
        switch request.format {
        case .rgb, .rgba: return try encode(.color(canvas.pixmap))
        case .gray(let bitDepth):
            return try encode(
                .gray(canvas.pixmap.grayscale(bitDepth: bitDepth, dithering: request.dithering, keepingSolid: canvas.solidText)))
        }
    }

    func draw(_ wall: WallTile, request: TileRequest) -> TileCanvas {
        var paper = false
        var grayBitDepth: Int?
        if case .gray(let bitDepth) = request.format {
            paper = true
            grayBitDepth = bitDepth
        }
        let micro = Self.layoutClass(of: request.target) == .micro
        let theme = micro && !paper && request.theme == .light ? .dark : request.theme
        let palette = TilePalette.make(theme, paper: paper)
        let scale = Self.scale(of: request.target)
        let canvas = TileCanvas(
            width: request.pixelWidth, height: request.pixelHeight, fonts: fonts, palette: palette, scale: scale,
            monochrome: request.format == .gray(bitDepth: 1), grayBitDepth: grayBitDepth)
        if micro {
            canvas.pixmap.fillAll(with: .solid(paper ? palette.backgroundTop : .black))
            drawMicro(wall.microLines(palette: palette, wording: request.wording), on: canvas)
            return canvas
        }
        drawBackground(on: canvas, transparentCorners: request.format == .rgba)
        let bounds = Rect(x: 0, y: 0, width: Double(request.pixelWidth) / scale, height: Double(request.pixelHeight) / scale)
        let area = bounds.insetBy(dx: 8, dy: 8)
        canvas.mirrored = request.wording.isRightToLeft
        wall.node(palette: palette, height: area.height, wording: request.wording).draw(in: area, canvas: canvas)
        return canvas
    }

    /// Lines in the panel's pixel fonts (the status font first), evenly spaced, each cut to the width.
    private func drawMicro(_ lines: [(text: String, color: Color)], on canvas: TileCanvas) {
        let width = canvas.pixmap.width
        let height = canvas.pixmap.height
        let names = MicroTile.fontNames(height: height)
        let fonts = [names.status, names.name, names.name].compactMap { pixelFonts.font($0) }
        guard fonts.count == 3 else { return }
        let shown = zip(lines, fonts).map { (line: $0, font: $1) }
        let heights = shown.map { $0.font.ascent + max(0, $0.font.descent - 1) }
        var count = shown.count
        while count > 1, heights.prefix(count).reduce(0, +) + count - 1 > height { count -= 1 }
        let gap = max(1, (height - heights.prefix(count).reduce(0, +)) / (count + 1))
        var top = max(0, (height - heights.prefix(count).reduce(0, +) - gap * (count - 1)) / 2)
        for (index, item) in shown.prefix(count).enumerated() {
            let fitted = item.font.fitting(item.line.text, maxWidth: width - 2)
            if fitted != item.line.text { canvas.noteTruncated(item.line.text) }
            let end = item.font.draw(fitted, into: &canvas.pixmap, x: 1, baseline: top + item.font.ascent, color: item.line.color)
            canvas.mark("wallLine\(index)", Rect(x: 1, y: Double(top), width: Double(end - 1), height: Double(heights[index])))
            top += heights[index] + gap
        }
    }
}
