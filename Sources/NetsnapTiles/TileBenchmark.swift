import Foundation
import NetsnapWidgets

/// Times rendering and encoding of tiles; for `netsnap bench` and `netsnap-tile-bench`.
public struct TileBenchmark: Sendable {
    /// One tile's timings (best of the iterations) and its PNG.
    public struct Row: Sendable {
        /// Milliseconds to lay out and draw.
        public var renderMilliseconds: Double
        /// Milliseconds to encode the PNG.
        public var encodeMilliseconds: Double
        /// The PNG bytes.
        public var png: [UInt8]
    }

    /// The renderer measured.
    public var renderer: TileRenderer
    /// The data drawn.
    public var widgets: WidgetSet
    /// The render time.
    public var now: Date
    /// Runs per measurement; the fastest counts, which filters out scheduling noise.
    public var iterations: Int

    /// Creates a benchmark.
    public init(renderer: TileRenderer, widgets: WidgetSet, now: Date, iterations: Int = 20) {
        self.renderer = renderer
        self.widgets = widgets
        self.now = now
        self.iterations = max(1, iterations)
    }

    /// Best-of-N render and encode times for one request.
    public func measure(_ request: TileRequest) throws -> Row {
        var bestRender = Double.infinity
        var bestEncode = Double.infinity
        var png: [UInt8] = []
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            let tile = renderer.render(widgets, request: request, now: now)
            let rendered = ContinuousClock.now
            png = try renderer.encode(consume tile)
            let encoded = ContinuousClock.now
            bestRender = min(bestRender, Self.milliseconds(rendered - start))
            bestEncode = min(bestEncode, Self.milliseconds(encoded - rendered))
        }
        return Row(renderMilliseconds: bestRender, encodeMilliseconds: bestEncode, png: png)
    }

    /// Best-of-N milliseconds of `work`, each run right after drawing `request` (untimed): the
    /// moment the encoder runs in, with the drawing's memory traffic still in the caches. This
    /// is the fair time for libdeflate alone on a tile's bytes; run back to back, its tables
    /// stay hot and it is 10–25 % faster than it can be after a draw.
    public func measureAfterDrawing(_ request: TileRequest, _ work: () -> Int) -> Double {
        var best = Double.infinity
        var produced = 0
        for _ in 0..<iterations {
            _ = renderer.render(widgets, request: request, now: now)
            let start = ContinuousClock.now
            produced &+= work()
            best = min(best, Self.milliseconds(ContinuousClock.now - start))
        }
        // Read, so the work cannot be optimized away.
        precondition(produced >= 0)
        return best
    }

    /// Best-of-N milliseconds to render and encode all of `requests`, one after another.
    public func measureAll(_ requests: [TileRequest]) throws -> Double {
        var best = Double.infinity
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            for request in requests { _ = try renderer.png(for: widgets, request: request, now: now) }
            best = min(best, Self.milliseconds(ContinuousClock.now - start))
        }
        return best
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
