/// Reads the chunk structure of PNG bytes in plain Swift: the IHDR fields and `tEXt`
/// chunks, which libpng's simplified reader does not report.
enum PNGChunks {
    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func header(_ bytes: [UInt8]) throws(PNGError) -> PNGLayout {
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature, tag(bytes, at: 12) == "IHDR" else {
            throw .unreadable("no PNG signature and IHDR chunk")
        }
        guard let colorType = PNGColorType(rawValue: Int(bytes[25])) else {
            throw .unreadable("unknown colour type \(bytes[25])")
        }
        return PNGLayout(
            width: Int(uint32(bytes, at: 16)), height: Int(uint32(bytes, at: 20)), bitDepth: Int(bytes[24]),
            colorType: colorType)
    }

    static func textChunks(_ bytes: [UInt8]) -> [PNGTextChunk] {
        var chunks: [PNGTextChunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(uint32(bytes, at: offset))
            let dataStart = offset + 8
            guard dataStart + length + 4 <= bytes.count else { break }
            if tag(bytes, at: offset + 4) == "tEXt" {
                let data = bytes[dataStart..<(dataStart + length)]
                if let separator = data.firstIndex(of: 0) {
                    chunks.append(
                        PNGTextChunk(
                            keyword: latin1(data[data.startIndex..<separator]),
                            text: latin1(data[(separator + 1)...])))
                }
            }
            offset = dataStart + length + 4
        }
        return chunks
    }

    /// The image data: every IDAT chunk's data joined, in order — one zlib stream.
    static func imageData(_ bytes: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(uint32(bytes, at: offset))
            let dataStart = offset + 8
            guard dataStart + length + 4 <= bytes.count else { break }
            if tag(bytes, at: offset + 4) == "IDAT" { data += bytes[dataStart..<(dataStart + length)] }
            offset = dataStart + length + 4
        }
        return data
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func tag(_ bytes: [UInt8], at offset: Int) -> String {
        latin1(bytes[offset..<(offset + 4)])
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
