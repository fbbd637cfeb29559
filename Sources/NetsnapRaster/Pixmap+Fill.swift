extension Pixmap {
    /// Fills `shape` with `paint`, anti-aliased, composited source-over, optionally
    /// limited to `clip` (in pixels).
    public mutating func fill(_ shape: Shape, with paint: Paint, clip: Rect? = nil) {
        if case .polyline(let points, let width) = shape {
            fillPolyline(points, width: width, with: paint, clip: clip)
            return
        }
        guard let span = pixelSpan(of: shape.bounds.insetBy(dx: -1, dy: -1), clip: clip) else { return }
        let sampler = PaintSampler(paint)
        let width = self.width
        var pixels = bytes.mutableSpan
        var hole: (shape: Shape, inset: Double)?
        if case .outline(let inner, let width) = shape { hole = (inner, -(width / 2 + 0.5)) }
        for y in span.y0..<span.y1 {
            let centerY = Double(y) + 0.5
            guard let outer = shape.extent(atY: centerY, grownBy: 0.5) else { continue }
            let first = max(span.x0, Self.firstPixel(from: outer.lower))
            let end = min(span.x1, Self.endPixel(to: outer.upper))
            guard first < end else { continue }
            if let hole, let inside = hole.shape.extent(atY: centerY, grownBy: hole.inset) {
                // An outline: only the bands left and right of its hole.
                let holeFirst = max(first, Self.firstPixel(from: inside.lower))
                let holeEnd = min(end, Self.endPixel(to: inside.upper))
                if holeFirst < holeEnd {
                    Self.fillEdge(&pixels, width: width, shape, y: y, from: first, to: holeFirst, sampler: sampler)
                    Self.fillEdge(&pixels, width: width, shape, y: y, from: holeEnd, to: end, sampler: sampler)
                    continue
                }
            }
            guard let interior = shape.extent(atY: centerY, grownBy: -0.5) else {
                Self.fillEdge(&pixels, width: width, shape, y: y, from: first, to: end, sampler: sampler)
                continue
            }
            let solidFirst = max(first, Self.firstPixel(from: interior.lower))
            let solidEnd = min(end, Self.endPixel(to: interior.upper))
            guard solidFirst < solidEnd else {
                Self.fillEdge(&pixels, width: width, shape, y: y, from: first, to: end, sampler: sampler)
                continue
            }
            Self.fillEdge(&pixels, width: width, shape, y: y, from: first, to: solidFirst, sampler: sampler)
            if sampler.isConstantAlongRows {
                Self.blendRun(&pixels, from: y * width + solidFirst, count: solidEnd - solidFirst, sampler.color(x: solidFirst, y: y))
            } else {
                let rowTerm = sampler.rowTerm(y: y)
                for x in solidFirst..<solidEnd {
                    Self.blend(&pixels, at: (y * width + x) * 4, sampler.gradientColor(x: x, rowTerm: rowTerm))
                }
            }
            Self.fillEdge(&pixels, width: width, shape, y: y, from: solidEnd, to: end, sampler: sampler)
        }
    }

    /// Fills the whole pixmap with `paint`, replacing what was there.
    public mutating func fillAll(with paint: Paint) {
        let sampler = PaintSampler(paint)
        let width = self.width
        let height = self.height
        var pixels = bytes.mutableSpan
        let constant = sampler.isConstantAlongRows
        for y in 0..<height {
            let rowStart = y * width * 4
            // Row-constant paints (backgrounds) sample once a row; gradients across rows
            // share the row's part of their projection.
            if constant {
                Self.storeRun(&pixels, from: y * width, count: width, sampler.color(x: 0, y: y))
            } else {
                let rowTerm = sampler.rowTerm(y: y)
                for x in 0..<width { Self.store(&pixels, at: rowStart + x * 4, sampler.gradientColor(x: x, rowTerm: rowTerm)) }
            }
        }
    }

    @inline(__always)
    private static func store(_ pixels: inout MutableSpan<UInt8>, at index: Int, _ color: PremultipliedColor) {
        pixels[index] = UInt8(truncatingIfNeeded: color.red)
        pixels[index + 1] = UInt8(truncatingIfNeeded: color.green)
        pixels[index + 2] = UInt8(truncatingIfNeeded: color.blue)
        pixels[index + 3] = UInt8(truncatingIfNeeded: color.alpha)
    }

    /// Source-over of one colour on `count` pixels from pixel `first`, a word a pixel. An
    /// opaque colour is stored; a translucent one (a card over its background) is blended
    /// once per run of equal pixels beneath, which on flat backgrounds is once a row — the
    /// channel-by-channel loop was a sixth of drawing a tile.
    @inline(__always)
    private static func blendRun(_ pixels: inout MutableSpan<UInt8>, from first: Int, count: Int, _ color: PremultipliedColor) {
        guard count > 0 else { return }
        if color.alpha == 255 { return storeRun(&pixels, from: first, count: count, color) }
        pixels.withUnsafeMutableBytes { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { all in
                let words = UnsafeMutableBufferPointer(rebasing: all[first..<(first + count)])
                var below = words[0]
                var blended = color.over(word: below)
                for index in words.indices {
                    let pixel = words[index]
                    if pixel != below {
                        below = pixel
                        blended = color.over(word: pixel)
                    }
                    words[index] = blended
                }
            }
        }
    }

    /// `count` pixels from pixel `first` set to `color` as it is, alpha included.
    @inline(__always)
    private static func storeRun(_ pixels: inout MutableSpan<UInt8>, from first: Int, count: Int, _ color: PremultipliedColor) {
        let word = color.word
        pixels.withUnsafeMutableBytes { bytes in
            bytes.withMemoryRebound(to: UInt32.self) {
                UnsafeMutableBufferPointer(rebasing: $0[first..<(first + count)]).update(repeating: word)
            }
        }
    }

    /// Pixels of one row whose coverage needs the exact signed distance.
    private static func fillEdge(
        _ pixels: inout MutableSpan<UInt8>, width: Int, _ shape: Shape, y: Int, from first: Int, to end: Int,
        sampler: PaintSampler
    ) {
        guard first < end else { return }
        let centerY = Double(y) + 0.5
        for x in first..<end {
            let distance = shape.signedDistance(to: Point(x: Double(x) + 0.5, y: centerY))
            guard distance < 0.5 else { continue }
            let coverage = distance <= -0.5 ? 255 : UInt32((0.5 - distance) * 255 + 0.5)
            let color = sampler.color(x: x, y: y)
            blend(&pixels, at: (y * width + x) * 4, coverage == 255 ? color : color.scaled(by: coverage))
        }
    }

    /// The first pixel whose centre is at or right of `position`.
    private static func firstPixel(from position: Double) -> Int { Int((position - 0.5).rounded(.up)) }

    /// One past the last pixel whose centre is at or left of `position`.
    private static func endPixel(to position: Double) -> Int { Int((position - 0.5).rounded(.down)) + 1 }
}
