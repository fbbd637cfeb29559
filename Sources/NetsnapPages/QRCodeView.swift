import NetsnapLanguage
import NetsnapQR

/// The dashboard's own address as an inline SVG QR code (the page's policy allows no
/// outside image): one path of whole-module rectangles in a box one unit a module, quiet
/// zone included, drawn at a whole number of pixels a module with crisp edges. Only
/// numbers reach the path; the address reaches the label, which Mustache escapes.
struct QRCodeView: Sendable {
    /// CSS pixels a module: 37 modules (a version 3 code, addresses up to about 40
    /// characters) make a 111 px square, readable from a phone at arm's length.
    static let pixelsPerModule = 3

    /// The address encoded, for the label.
    let url: String
    /// Modules a side with the quiet zone: the SVG's user units.
    let modules: Int
    /// The SVG's width and height in CSS pixels.
    let pixels: Int
    /// The dark modules as `M x y h n v 1 h -n z` rectangles, one per run.
    let path: String
    /// What a screen reader hears.
    let label: String

    /// Nil when `url` is nil or too long for any QR version.
    init?(url: String?, _ wording: Wording = .posix) {
        guard let url, let matrix = QRMatrix(encoding: url) else { return nil }
        self.url = url
        modules = matrix.sizeWithQuietZone
        pixels = modules * Self.pixelsPerModule
        let zone = QRMatrix.quietZone
        path = matrix.darkRuns.map { "M\(zone + $0.column) \(zone + $0.row)h\($0.length)v1h-\($0.length)z" }.joined()
        label = wording(PagePhrase.qrCodeLabel, ["url": url])
    }
}
