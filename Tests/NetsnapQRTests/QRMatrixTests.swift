import NetsnapQR
import Testing

@Suite struct QRMatrixTests {
    /// 28 bytes: more than version 2 holds at level M (26), so version 3, 29 modules a side.
    @Test func encodesAURLInTheSmallestVersionThatHoldsIt() throws {
        let matrix = try #require(QRMatrix(encoding: "https://example.org/netsnap/"))
        #expect(matrix.version == 3)
        #expect(matrix.size == 29)
        #expect(matrix.sizeWithQuietZone == 37)
    }

    @Test func hasTheThreeFinderPatternsInItsCorners() throws {
        let matrix = try #require(QRMatrix(encoding: "https://example.org/netsnap/"))
        let last = matrix.size - 1
        for (top, left) in [(0, 0), (0, last - 6), (last - 6, 0)] {
            // A finder is a dark 7 × 7 ring, a light ring inside it, and a dark 3 × 3 centre.
            for offset in 0..<7 {
                #expect(matrix[top, left + offset] && matrix[top + 6, left + offset])
                #expect(matrix[top + offset, left] && matrix[top + offset, left + 6])
            }
            #expect(!matrix[top + 1, left + 1] && matrix[top + 3, left + 3])
        }
        // The separator beside the top-left finder is light.
        #expect((0..<8).allSatisfy { !matrix[7, $0] && !matrix[$0, 7] })
    }

    @Test func isLightAllAroundInTheQuietZone() throws {
        let matrix = try #require(QRMatrix(encoding: "http://192.168.1.10:8080/"))
        let zone = QRMatrix.quietZone
        for index in -zone..<(matrix.size + zone) {
            for outside in [-zone, -1, matrix.size, matrix.size + zone - 1] {
                #expect(!matrix[outside, index] && !matrix[index, outside])
            }
        }
    }

    @Test func runsCoverExactlyTheDarkModules() throws {
        let matrix = try #require(QRMatrix(encoding: "https://example.org/netsnap/"))
        var dark = Set<[Int]>()
        for run in matrix.darkRuns {
            #expect(run.length >= 1)
            for column in run.column..<(run.column + run.length) { #expect(dark.insert([run.row, column]).inserted) }
        }
        for row in 0..<matrix.size {
            for column in 0..<matrix.size { #expect(matrix[row, column] == dark.contains([row, column])) }
        }
    }

    @Test func longerTextTakesALargerVersion() throws {
        let short = try #require(QRMatrix(encoding: "http://a.io/"))
        let long = try #require(QRMatrix(encoding: "https://example.org/" + String(repeating: "x", count: 200)))
        #expect(short.version == 1 && short.size == 21)
        #expect(long.version > short.version && long.size == 17 + 4 * long.version)
    }

    @Test func refusesWhatNoSymbolCanHold() {
        #expect(QRMatrix(encoding: "") == nil)
        #expect(QRMatrix(encoding: "https://example.org/\u{0}") == nil)
        #expect(QRMatrix(encoding: String(repeating: "x", count: 3000)) == nil)
    }

    @Test func isTheSameForTheSameText() {
        #expect(QRMatrix(encoding: "https://example.org/") == QRMatrix(encoding: "https://example.org/"))
    }
}
