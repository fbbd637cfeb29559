import NetsnapPNG
import NetsnapRaster
import NetsnapWebP

/// Turns a drawn tile's PNG into what a panel takes: rotated and inverted
/// (`TileOrientation`) and written as PNG again — grey at the same bit depth, colour as
/// RGB, or indexed in a colour e-paper panel's inks (`EPaperPalette`) — as a 1-bit BMP, or
/// as lossless WebP.
/// Pure: bytes in, bytes out.
public enum TileImageConverter {
    public enum Failure: Error, Equatable {
        case unreadable
    }

    public static func convert(
        png: [UInt8], orientation: TileOrientation, file: TileFileFormat, palette: EPaperPalette? = nil
    ) throws -> [UInt8] {
        if orientation.isUpright && file == .png && palette == nil { return png }
        let tile = try decode(png).oriented(orientation)
        if let palette, file == .png, case .color(let pixmap) = tile {
            return try PNGEncoder().encodeIndexed(
                width: pixmap.width, height: pixmap.height, indices: palette.indices(of: pixmap), palette: palette.colors, text: software)
        }
        // Handed over, a colour tile's memory becomes the PNG's image data (`PNGEncoder`).
        switch (file, consume tile) {
        case (.webp, .color(let pixmap)): return try WebPEncoder.encode(pixmap)
        case (.webp, .gray(let image)): return try WebPEncoder.encode(Self.pixmap(image))
        case (.bmp, .gray(let image)): return MonochromeBMP.encode(image)
        case (.bmp, .color(let pixmap)): return MonochromeBMP.encode(pixmap.grayscale(bitDepth: 1, dithering: .none))
        case (.png, .gray(let image)): return try PNGEncoder().encode(image, text: software)
        case (.png, .color(let pixmap)): return try PNGEncoder().encode(pixmap, text: software)
        }
    }

    /// A grey image as opaque pixels.
    static func pixmap(_ image: GrayImage) -> Pixmap {
        var rgba = [UInt8](repeating: 255, count: image.width * image.height * 4)
        for (index, level) in image.levels.enumerated() {
            let value = UInt8(Int(level) * 255 / image.maxLevel)
            rgba[index * 4] = value
            rgba[index * 4 + 1] = value
            rgba[index * 4 + 2] = value
        }
        return Pixmap(width: image.width, height: image.height, premultipliedRGBA: rgba)
    }

    /// The one text chunk every tile carries (`TileRenderer.encode`).
    static let software = [PNGTextChunk(keyword: "Software", text: "netsnap")]

    /// A tile PNG read back: grey PNGs as grey levels at their own depth, the rest as pixels.
    static func decode(_ png: [UInt8]) throws -> RenderedTile {
        let decoded: DecodedPNG
        do {
            decoded = try PNGDecoder().decode(png)
        } catch {
            throw Failure.unreadable
        }
        let layout = decoded.layout
        guard layout.colorType == .gray, [1, 2, 4, 8].contains(layout.bitDepth) else {
            return .color(Pixmap(width: layout.width, height: layout.height, premultipliedRGBA: decoded.rgba))
        }
        let maxLevel = (1 << layout.bitDepth) - 1
        var levels = [UInt8](repeating: 0, count: layout.width * layout.height)
        for index in levels.indices {
            levels[index] = UInt8((Int(decoded.rgba[index * 4]) * maxLevel + 127) / 255)
        }
        return .gray(GrayImage(width: layout.width, height: layout.height, bitDepth: layout.bitDepth, levels: levels))
    }
}
