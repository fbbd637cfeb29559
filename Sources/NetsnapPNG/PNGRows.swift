/// An image's rows as an encoder hands them to the writer, in whichever arrangement it
/// made them without an extra pass.
enum PNGRows {
    /// Rows of the layout's row bytes each, back to back.
    case packed([UInt8])
    /// Opaque RGBA pixels, four bytes each, whose fourth byte is dropped while writing.
    case rgbx([UInt8])
    /// Each row already preceded by its filter byte, 0 (none): the image data before deflating.
    case scanlines([UInt8])

    /// Calls `body` with the address of each row's first sample, top to bottom.
    func forEachRow(_ layout: PNGLayout, _ body: (UnsafePointer<UInt8>) -> Void) {
        let (bytes, stride, offset) =
            switch self {
            case .packed(let bytes): (bytes, layout.rowBytes, 0)
            case .rgbx(let bytes): (bytes, layout.width * 4, 0)
            case .scanlines(let bytes): (bytes, layout.rowBytes + 1, 1)
            }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<layout.height { body(base + y * stride + offset) }
        }
    }
}
