extension PNGEncoder {
    /// An indexed PNG: one palette index a pixel (`indices`, row by row) at the smallest bit
    /// depth that holds `palette` (1, 2, 4 or 8 bits), with exactly those colours in PLTE —
    /// what colour e-paper controllers take.
    public func encodeIndexed(
        width: Int, height: Int, indices: [UInt8], palette: [PNGPaletteColor], text: [PNGTextChunk] = []
    ) throws(PNGError) -> [UInt8] {
        guard (1...256).contains(palette.count), indices.count == width * height, indices.allSatisfy({ Int($0) < palette.count }) else {
            throw .invalidSize(width: width, height: height)
        }
        let bitDepth = [1, 2, 4, 8].first { 1 << $0 >= palette.count }!
        let layout = PNGLayout(width: width, height: height, bitDepth: bitDepth, colorType: .palette)
        let rowBytes = layout.rowBytes
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        let pixelsPerByte = 8 / bitDepth
        for y in 0..<height {
            for x in 0..<width {
                let shift = (pixelsPerByte - 1 - x % pixelsPerByte) * bitDepth
                rows[y * rowBytes + x / pixelsPerByte] |= indices[y * width + x] << shift
            }
        }
        return try LibPNGWriter.write(layout: layout, rows: .packed(rows), palette: palette, text: text, compression: grayCompression)
    }
}
