import Foundation
import NetsnapTiles
import Testing

/// The yardstick an encode is judged against must be timed in the encode's own situation:
/// each run of the work right after a draw, as many runs as iterations, the best of them.
@Suite struct TileBenchmarkTests {
    @Test func workAfterADrawRunsOncePerIterationAndIsTimed() {
        let benchmark = TileBenchmark(
            renderer: TileFixtures.renderer, widgets: TileFixtures.widgets(), now: TileFixtures.freshNow, iterations: 3)
        let request = TileRequest(target: .display(.trmnl), theme: .light, timeZone: TileFixtures.utc)
        var runs = 0
        let milliseconds = benchmark.measureAfterDrawing(request) {
            runs += 1
            // Long enough for any clock to see it.
            Thread.sleep(forTimeInterval: 0.002)
            return runs
        }
        #expect(runs == 3)
        #expect(milliseconds >= 2 && milliseconds < 1_000)
    }
}
