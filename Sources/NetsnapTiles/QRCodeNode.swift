import NetsnapQR
import NetsnapRaster

/// A QR code, square and centred in its frame: black modules on a white quiet zone (red
/// at night), whatever the theme, as readers expect dark on light; each module a whole number of
/// pixels on whole-pixel edges, so the picture stays crisp at 1 bit and after dithering.
/// Where its side cannot give 2 pixels a module (a small custom canvas, a very long address)
/// it takes no room and draws nothing rather than an unreadable code.
struct QRCodeNode: TileNode {
    var matrix: QRMatrix
    /// The square's side in points.
    var side: Double
    var flex: TileFlex { .fixed }

    /// Fewer pixels a module than this and a phone camera cannot read it.
    private static let minimumModulePixels = 2

    func measure(proposedWidth: Double, canvas: TileCanvas) -> (width: Double, height: Double) {
        guard Int(side * canvas.scale) / matrix.sizeWithQuietZone >= Self.minimumModulePixels else { return (0, 0) }
        return (min(side, proposedWidth), side)
    }

    func draw(in frame: Rect, canvas: TileCanvas) {
        let pixels = canvas.pixelRect(frame)
        let modules = matrix.sizeWithQuietZone
        let module = Int(min(pixels.width, pixels.height)) / modules
        guard module >= Self.minimumModulePixels else { return }
        let extent = Double(module * modules)
        let x0 = (pixels.x + (pixels.width - extent) / 2).rounded(.down)
        let y0 = (pixels.y + (pixels.height - extent) / 2).rounded(.down)
        let square = Rect(x: x0, y: y0, width: extent, height: extent)
        canvas.mark("qrCode", square)
        canvas.fill(.rect(square), canvas.palette.codeLight)
        let step = Double(module)
        let zone = Double(QRMatrix.quietZone)
        for run in matrix.darkRuns {
            let rect = Rect(
                x: x0 + (zone + Double(run.column)) * step, y: y0 + (zone + Double(run.row)) * step,
                width: Double(run.length) * step, height: step)
            canvas.fill(.rect(rect), .black)
        }
    }
}
