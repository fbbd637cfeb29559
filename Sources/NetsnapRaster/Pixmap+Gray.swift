extension Pixmap {
    /// The pixmap reduced to `bitDepth`-bit grey, composited over white first so
    /// transparent areas read as paper. Pixels in `solid` (text) are rounded to the nearest
    /// level whatever the dithering, and take no part in error diffusion.
    public func grayscale(bitDepth: Int, dithering: Dithering, keepingSolid solid: SolidPixels? = nil) -> GrayImage {
        let maxLevel = (1 << bitDepth) - 1
        let luma = lumaValues()
        var levels: [UInt8]
        switch dithering {
        case .none:
            levels = luma.map { Self.nearest($0, maxLevel: maxLevel) }
        case .ordered:
            levels = Self.orderedDither(luma, width: width, maxLevel: maxLevel)
        case .floydSteinberg:
            levels = Self.errorDiffusion(luma, width: width, height: height, maxLevel: maxLevel, solid: solid)
        }
        if let solid, dithering != .none, solid.width == width, solid.height == height {
            for y in 0..<height {
                for x in 0..<width where solid.contains(x: x, y: y) {
                    levels[y * width + x] = Self.nearest(luma[y * width + x], maxLevel: maxLevel)
                }
            }
        }
        return GrayImage(width: width, height: height, bitDepth: bitDepth, levels: levels)
    }

    private static func nearest(_ luma: Int, maxLevel: Int) -> UInt8 {
        UInt8((Double(luma) * Double(maxLevel) / 255).rounded())
    }

    private func lumaValues() -> [Int] {
        (0..<(width * height)).map { pixelIndex in
            let index = pixelIndex * 4
            let paper = 255 - Int(bytes[index + 3])
            let red = Int(bytes[index]) + paper
            let green = Int(bytes[index + 1]) + paper
            let blue = Int(bytes[index + 2]) + paper
            return (54 * red + 183 * green + 19 * blue + 128) >> 8
        }
    }

    /// Classic recursive Bayer matrix, values 0…63.
    private static let bayer8: [Int] = {
        var matrix = [0]
        var size = 1
        while size < 8 {
            var next = [Int](repeating: 0, count: 4 * size * size)
            for y in 0..<size {
                for x in 0..<size {
                    let value = 4 * matrix[y * size + x]
                    next[y * 2 * size + x] = value
                    next[y * 2 * size + x + size] = value + 2
                    next[(y + size) * 2 * size + x] = value + 3
                    next[(y + size) * 2 * size + x + size] = value + 1
                }
            }
            matrix = next
            size *= 2
        }
        return matrix
    }()

    private static func orderedDither(_ luma: [Int], width: Int, maxLevel: Int) -> [UInt8] {
        luma.indices.map { index in
            let x = index % width
            let y = index / width
            let scaled = Double(luma[index]) * Double(maxLevel) / 255
            // Thresholds lie strictly inside (0, 1): a value exactly on a level never moves.
            let threshold = (Double(bayer8[(y & 7) * 8 + (x & 7)]) + 0.5) / 64
            let base = scaled.rounded(.down)
            let level = scaled - base >= threshold ? base + 1 : base
            return UInt8(min(Double(maxLevel), level))
        }
    }

    private static func errorDiffusion(_ luma: [Int], width: Int, height: Int, maxLevel: Int, solid: SolidPixels?) -> [UInt8] {
        var values = luma.map { Double($0) * Double(maxLevel) / 255 }
        var levels = [UInt8](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let level = min(Double(maxLevel), max(0, values[index].rounded()))
                levels[index] = UInt8(level)
                // Text neither takes nor spreads error: its pixels are rounded on their own.
                if solid?.contains(x: x, y: y) == true { continue }
                let error = values[index] - level
                if x + 1 < width { values[index + 1] += error * 7 / 16 }
                guard y + 1 < height else { continue }
                if x > 0 { values[index + width - 1] += error * 3 / 16 }
                values[index + width] += error * 5 / 16
                if x + 1 < width { values[index + width + 1] += error * 1 / 16 }
            }
        }
        return levels
    }
}
