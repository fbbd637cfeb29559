import NetsnapRaster

/// A wide inverted band with the data's age in large type, laid over the bottom of a paper
/// screen's picture once its data is stale: a grey word in a footer cannot be told from
/// fresh across a room on e-ink, a black band across the picture can. Display layouts make
/// room for it (their lists lose rows — data that old is not to be read in detail anyway — and
/// the QR code stays whole); on the phone sizes it covers the ends of the lists.
struct StaleBand {
    /// The label and its shorter forms, longest first.
    var labels: [String]

    /// The band's share of the canvas height, and its least height in points.
    static let heightShare = 0.2
    static let minimumHeight = 30.0

    /// The band's height on a canvas `canvasHeight` points tall.
    static func height(canvasHeight: Double) -> Double {
        min(canvasHeight, max(minimumHeight, canvasHeight * heightShare))
    }

    /// Draws the band across the bottom of `bounds` (points, the whole canvas).
    func draw(in bounds: Rect, canvas: TileCanvas) {
        let height = Self.height(canvasHeight: bounds.height)
        let band = Rect(x: bounds.x, y: bounds.maxY - height, width: bounds.width, height: height)
        let pixels = canvas.pixelRect(band)
        canvas.mark("staleBand", pixels)
        canvas.fill(.rect(pixels), canvas.palette.primary)
        // As large as the band allows: the longest wording that fits at no less than
        // three quarters of that size, else the shortest, made smaller to fit.
        let room = band.width - 16
        let largest = min(28, height * 0.5)
        let full = TileFont(size: largest, weight: .bold)
        var chosen = (label: labels.last ?? "", font: full)
        for label in labels {
            let natural = canvas.layout(label, full, maxWidth: .infinity).width / canvas.scale
            let size = min(largest, largest * room / natural)
            chosen = (label, TileFont(size: max(8, size), weight: .bold))
            if size >= 0.75 * largest { break }
        }
        let width = min(room, canvas.layout(chosen.label, chosen.font, maxWidth: .infinity).width / canvas.scale)
        let text = TextNode(text: chosen.label, font: chosen.font, color: canvas.palette.backgroundTop, flex: .fixed)
        text.draw(
            in: Rect(x: band.x + (band.width - width) / 2, y: band.y, width: width, height: band.height), canvas: canvas)
    }
}
