import Foundation
import NetsnapTiles

/// `rotate=90|180|270`, `invert=1`, `format=bmp` and the colour e-paper formats (`bwr`,
/// `bwry`, `spectra6`) on every display tile URL. A turned tile is laid out for the turned
/// canvas (a portrait layout for a portrait-mounted panel), then its pixels are turned to the
/// panel's native rows; `format=bmp` draws in 1 bit and sends a BMP; an e-paper format draws
/// in colour, in the display theme (never the night theme: paper is lit from outside), and
/// sends an indexed PNG of the panel's inks.
extension TileQuery {
    /// The delivery for `/tiles/<name>.<container>`: `.webp` sends the display tile as lossless WebP.
    func delivery(name: Substring, parameters: Parameters, container: TileFileFormat = .png, at now: Date? = nil) throws(Refusal)
        -> TileDelivery?
    {
        guard parameters.rotate.count <= 1, parameters.invert.count <= 1 else {
            throw Refusal(message: "give rotate and invert at most once each")
        }
        var degrees = 0
        if let text = parameters.rotate.first {
            guard let value = Int(text), TileOrientation(degrees: value) != nil, String(value) == text else {
                throw Refusal(message: "rotate must be 0, 90, 180 or 270")
            }
            degrees = value
        }
        var inverted = false
        if let text = parameters.invert.first {
            guard text == "0" || text == "1" else { throw Refusal(message: "invert must be 0 or 1") }
            inverted = text == "1"
        }
        let orientation = TileOrientation(degrees: degrees, inverted: inverted)!
        var drawn = parameters
        let asked = parameters.format.count == 1 ? parameters.format.first?.lowercased() : nil
        let wantsBMP = asked == "bmp"
        if container == .webp, asked != nil { throw Refusal(message: "a .webp tile takes no format") }
        let palette = asked.flatMap(EPaperPalette.init(rawValue:))
        if wantsBMP || palette != nil { drawn.format = [] }
        if palette != nil, drawn.theme.isEmpty { drawn.theme = [Substring(displayTheme.rawValue)] }
        guard var request = try request(name: name, parameters: drawn, at: now) else { return nil }
        guard case .display(let profile) = request.target else {
            guard orientation.isUpright, !wantsBMP, palette == nil, container == .png else {
                throw Refusal(message: "\(name) is an RGBA widget; rotate, invert and format=bmp|bwr|bwry|spectra6 apply to displays")
            }
            return TileDelivery(request: request)
        }
        let format = wantsBMP ? TileColorFormat.gray(bitDepth: 1) : palette != nil ? .rgb : profile.format
        if orientation.swapsSides || format != profile.format {
            let (width, height) = orientation.swapsSides ? (profile.height, profile.width) : (profile.width, profile.height)
            request.target = .display(.custom(width: width, height: height, format: format))
        }
        let file: TileFileFormat = container == .webp ? .webp : wantsBMP ? .bmp : .png
        return TileDelivery(request: request, orientation: orientation, file: file, palette: palette)
    }
}
