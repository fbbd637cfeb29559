import CQRencode

/// A QR code symbol as a square of modules, encoded by libqrencode (error correction
/// level M, the smallest version that holds the text). A value: the C symbol is copied
/// out and freed before `init` returns, so all unsafe code stays in this file.
public struct QRMatrix: Sendable, Hashable {
    /// Light modules around the symbol that readers need to find it (ISO/IEC 18004: 4).
    public static let quietZone = 4

    /// The QR version, 1 (21 × 21 modules) to 40 (177 × 177).
    public let version: Int
    /// Modules along a side of the symbol, without the quiet zone.
    public let size: Int
    /// Row-major, true for dark.
    private let modules: [Bool]

    /// Why no QR code can be made on this machine (libqrencode cannot be opened), or nil:
    /// configuration that asks for QR codes checks it, so a missing library is said, not
    /// silently drawn as no code.
    public static var encoderProblem: String? {
        guard case .failure(let error) = QREncoderLibrary.opened else { return nil }
        return "cannot open \(error.library): \(error.reason)"
    }

    /// Encodes `text`; nil when it is empty, holds a NUL, is too long for any version, or
    /// libqrencode cannot be opened (`encoderProblem`).
    public init?(encoding text: String) {
        guard !text.isEmpty, !text.utf8.contains(0), case .success(let qrencode) = QREncoderLibrary.opened else { return nil }
        let symbol = text.withCString { qrencode.QRcode_encodeString($0, 0, QR_ECLEVEL_M, QR_MODE_8, 1) }
        guard let symbol else { return nil }
        defer { qrencode.QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits describe its role.
        modules = UnsafeBufferPointer(start: symbol.pointee.data, count: width * width).map { $0 & 1 == 1 }
        size = width
        version = Int(symbol.pointee.version)
    }

    /// Modules along a side including the quiet zone on both sides.
    public var sizeWithQuietZone: Int { size + 2 * Self.quietZone }

    /// Whether the module at `row`, `column` of the symbol (quiet zone excluded) is dark;
    /// anything outside the symbol is light.
    public subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// The dark modules as horizontal runs, in symbol coordinates (quiet zone excluded):
    /// what a drawing needs, with a rectangle per run instead of one per module.
    public var darkRuns: [QRRun] {
        var runs: [QRRun] = []
        for row in 0..<size {
            var column = 0
            while column < size {
                guard self[row, column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < size, self[row, column] { column += 1 }
                runs.append(QRRun(row: row, column: start, length: column - start))
            }
        }
        return runs
    }
}
