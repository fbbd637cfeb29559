import Foundation
import NetsnapPNG
import NetsnapRaster
import Testing

/// Compares rendered PNGs with reference PNGs in `Goldens/`, resvg-style: a small
/// per-channel tolerance, fully transparent pixels ignored, and on failure an
/// expected | diff | actual strip written next to the test run for a person to look at.
/// `NETSNAP_REGENERATE_GOLDENS=1` rewrites the references on purpose; a missing
/// reference fails.
enum GoldenImage {
    static let tolerance = 2
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let failureDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-golden-failures")
    static var regenerating: Bool { ProcessInfo.processInfo.environment["NETSNAP_REGENERATE_GOLDENS"] == "1" }

    static func check(_ png: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name + ".png")
        if regenerating {
            try Data(png).write(to: url)
            return
        }
        guard let reference = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden \(url.path); run with NETSNAP_REGENERATE_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGDecoder().decode([UInt8](reference))
        let actual = try PNGDecoder().decode(png)
        guard expected.layout == actual.layout else {
            Issue.record("\(name): format \(actual.layout) differs from golden \(expected.layout)", sourceLocation: sourceLocation)
            return
        }
        let (mismatches, diff) = compare(expected, actual)
        guard mismatches > 0 else { return }
        let strip = try sideBySide(expected, diff, actual)
        try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let report = failureDirectory.appendingPathComponent(name + "-expected-diff-actual.png")
        try Data(strip).write(to: report)
        Issue.record(
            "\(name): \(mismatches) pixels differ by more than \(tolerance) from the golden; see \(report.path)",
            sourceLocation: sourceLocation)
    }

    /// The count of differing pixels and a diff image: red where they differ, faint grey elsewhere.
    private static func compare(_ expected: DecodedPNG, _ actual: DecodedPNG) -> (Int, [UInt8]) {
        var diff = [UInt8](repeating: 0, count: expected.rgba.count)
        var mismatches = 0
        for index in stride(from: 0, to: expected.rgba.count, by: 4) {
            let bothClear = expected.rgba[index + 3] == 0 && actual.rgba[index + 3] == 0
            let differs =
                !bothClear && (0..<4).contains { abs(Int(expected.rgba[index + $0]) - Int(actual.rgba[index + $0])) > tolerance }
            if differs { mismatches += 1 }
            let grey = UInt8(Int(expected.rgba[index]) / 4 + 96)
            diff[index] = differs ? 255 : grey
            diff[index + 1] = differs ? 0 : grey
            diff[index + 2] = differs ? 0 : grey
            diff[index + 3] = 255
        }
        return (mismatches, diff)
    }

    private static func sideBySide(_ expected: DecodedPNG, _ diff: [UInt8], _ actual: DecodedPNG) throws -> [UInt8] {
        let width = expected.layout.width
        let height = expected.layout.height
        var strip = [UInt8](repeating: 0, count: width * 3 * height * 4)
        for (panel, pixels) in [expected.rgba, diff, actual.rgba].enumerated() {
            for y in 0..<height {
                for x in 0..<width {
                    let source = (y * width + x) * 4
                    let target = (y * width * 3 + panel * width + x) * 4
                    // Straight alpha to premultiplied, which Pixmap stores.
                    let alpha = Int(pixels[source + 3])
                    for channel in 0..<3 { strip[target + channel] = UInt8((Int(pixels[source + channel]) * alpha + 127) / 255) }
                    strip[target + 3] = UInt8(alpha)
                }
            }
        }
        return try PNGEncoder().encode(Pixmap(width: width * 3, height: height, premultipliedRGBA: strip))
    }
}
