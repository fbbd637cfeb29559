import NetsnapRaster
import Testing

@testable import NetsnapText

@Suite struct BoundedCacheTests {
    @Test func keepsValuesAndStartsOverAtCapacity() {
        var cache = BoundedCache<Int, String>(capacity: 2)
        var made = 0
        func value(_ key: Int) -> String {
            cache.value(for: key) {
                made += 1
                return "v\(key)"
            }
        }
        #expect(value(1) == "v1" && value(2) == "v2" && value(1) == "v1")
        #expect(made == 2 && cache.count == 2)
        #expect(value(3) == "v3")
        #expect(cache.count == 1)
        #expect(value(1) == "v1" && made == 4)
    }

    /// Strangers' SSIDs in ever new scripts, and tiles drawn at ever new sizes, must not
    /// grow the font caches for months: thousands of distinct characters and sizes leave
    /// them within their capacities.
    @Test func fontCachesStayBoundedOverManyCharactersAndSizes() throws {
        let fonts = try FontSystem()
        var pixmap = Pixmap(width: 64, height: 64)
        // Hangul: looked up character by character through fontconfig (kana and CJK
        // ideographs go straight to the CJK family by name, and would leave that cache empty).
        for start in stride(from: 0xAC00, to: 0xAC00 + 6_000, by: 100) {
            let text = String(String.UnicodeScalarView((start..<start + 100).compactMap(Unicode.Scalar.init)))
            fonts.draw(fonts.layout(text, style: TextStyle(pixelSize: 12)), into: &pixmap, x: 0, baseline: 40, color: .white)
        }
        let ascii = String(String.UnicodeScalarView((0x21..<0x7F).compactMap(Unicode.Scalar.init)))
        for size in 6..<60 {
            let line = fonts.layout(ascii, style: TextStyle(pixelSize: Double(size)))
            fonts.draw(line, into: &pixmap, x: 0, baseline: 40, color: .white)
        }
        // Ever new names: every one shaped, the shaped texts kept within their capacity.
        for serial in 0..<3_000 {
            _ = fonts.layout("Guest \(serial)", style: TextStyle(pixelSize: 12), maxWidth: 200)
        }
        let counts = fonts.cacheCounts
        #expect(counts.images <= 4096 && counts.shapes <= 512, "\(counts)")
        #expect(counts.shapes > 0, "\(counts)")
        #expect(counts.covering <= 4096, "\(counts)")
        #expect(counts.images > 0 && counts.covering > 0)
    }
}
