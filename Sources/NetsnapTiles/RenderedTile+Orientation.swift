import NetsnapRaster

extension RenderedTile {
    /// The tile turned clockwise by `orientation`'s quarter turns, then inverted if asked.
    public func oriented(_ orientation: TileOrientation) -> RenderedTile {
        guard !orientation.isUpright else { return self }
        switch self {
        case .gray(let image):
            let maxLevel = UInt8(image.maxLevel)
            let (width, height, levels) = Self.turned(
                image.levels, width: image.width, height: image.height, turns: orientation.quarterTurns, channels: 1)
            let shown = orientation.inverted ? levels.map { maxLevel - $0 } : levels
            return .gray(GrayImage(width: width, height: height, bitDepth: image.bitDepth, levels: shown))
        case .color(let pixmap):
            let (width, height, bytes) = Self.turned(
                pixmap.straightRGBA, width: pixmap.width, height: pixmap.height, turns: orientation.quarterTurns, channels: 4)
            var shown = bytes
            if orientation.inverted {
                for index in stride(from: 0, to: shown.count, by: 4) {
                    shown[index] = 255 - shown[index]
                    shown[index + 1] = 255 - shown[index + 1]
                    shown[index + 2] = 255 - shown[index + 2]
                }
            }
            return .color(Pixmap(width: width, height: height, premultipliedRGBA: shown))
        }
    }

    /// `pixels` (rows of `width` pixels of `channels` bytes) turned clockwise `turns` quarters.
    static func turned(_ pixels: [UInt8], width: Int, height: Int, turns: Int, channels: Int) -> (Int, Int, [UInt8]) {
        guard turns % 4 != 0 else { return (width, height, pixels) }
        let (newWidth, newHeight) = turns % 2 == 1 ? (height, width) : (width, height)
        var output = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let (newX, newY): (Int, Int)
                switch turns % 4 {
                case 1: (newX, newY) = (height - 1 - y, x)
                case 2: (newX, newY) = (width - 1 - x, height - 1 - y)
                default: (newX, newY) = (y, width - 1 - x)
                }
                let from = (y * width + x) * channels
                let to = (newY * newWidth + newX) * channels
                for channel in 0..<channels { output[to + channel] = pixels[from + channel] }
            }
        }
        return (newWidth, newHeight, output)
    }
}
