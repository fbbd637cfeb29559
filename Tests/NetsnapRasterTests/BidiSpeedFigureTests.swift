import Testing

@testable import NetsnapText

/// A line's speed in Arabic ("↓ ٩٤ ↑ ١٩", as `SpeedText` writes it) is laid out left to right
/// inside a mirrored tile. Arabic's digits resolve on their own: between two of them the arrow
/// and its space ran right to left and the two figures swapped places ("↓١٩↑ ٩٤"). With a
/// left-to-right mark before the upload's arrow everything stays in order.
@Suite struct BidiSpeedFigureTests {
    /// The scalars of `text` as shown left to right, when laid out as a left-to-right figure.
    private func shown(_ text: String) -> String {
        let scalars = text.unicodeScalars.map(\.value)
        let bidi = BidiLevels(scalars, rightToLeft: false)
        var runs: [(level: UInt8, scalars: [UInt32])] = []
        for (scalar, level) in zip(scalars, bidi.levels) {
            if runs.last?.level == level { runs[runs.count - 1].scalars.append(scalar) } else { runs.append((level, [scalar])) }
        }
        let order = BidiLevels.visualOrder(of: runs.map(\.level))
        let visual = order.flatMap { index in runs[index].level % 2 == 1 ? runs[index].scalars.reversed() : runs[index].scalars }
        return String(String.UnicodeScalarView(visual.compactMap(Unicode.Scalar.init).filter { $0 != "\u{200E}" }))
    }

    @Test func theUploadStaysAfterTheDownload() throws {
        try TextLibraries.open()
        #expect(shown("↓٩٤ \u{200E}↑١٩") == "↓٩٤ ↑١٩")
        #expect(shown("↓ ٩٤ \u{200E}↑ ١٩") == "↓ ٩٤ ↑ ١٩")
        // Without the mark, the swap this guards against.
        #expect(shown("↓٩٤ ↑١٩") == "↓١٩↑ ٩٤")
    }
}
