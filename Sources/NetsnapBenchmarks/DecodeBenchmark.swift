import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapRender

/// Times decode → widgets → JSON outputs for synthetic snapshots of growing size
/// (release builds), step by step.
public enum DecodeBenchmark {
    /// One measured size: the best time of each step over the repetitions.
    public struct Result: Sendable {
        public let devices: Int
        public let inputBytes: Int
        /// JSON text → values.
        public let parseMs: Double
        /// Values → validated snapshot.
        public let validateMs: Double
        /// Snapshot → widget models.
        public let widgetsMs: Double
        /// widgets.json, badge.json, summary.json and devices.json (every device).
        public let jsonMs: Double

        public var totalMs: Double { parseMs + validateMs + widgetsMs + jsonMs }
        public var megabytesPerSecond: Double { Double(inputBytes) / 1_000_000 / (totalMs / 1000) }
    }

    public static func run(deviceCounts: [Int], targets: Int = 1_000, repetitions: Int = 3) throws -> [Result] {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let renderer = OutputRenderer(settings: RenderSettings(), tiles: nil)
        return try deviceCounts.map { count in
            let bytes = JSONWriter.bytes(SyntheticSnapshot.make(devices: count, targets: targets, at: now).jsonValue)
            var best = [Double](repeating: .infinity, count: 4)
            for _ in 0..<repetitions {
                var clock = DispatchTime.now()
                func lap(_ step: Int) {
                    let end = DispatchTime.now()
                    best[step] = min(best[step], Double(end.uptimeNanoseconds - clock.uptimeNanoseconds) / 1_000_000)
                    clock = end
                }
                _ = try JSONParser.parse(bytes)
                lap(0)
                let snapshot = try SnapshotDecoder.decode(bytes)
                lap(1)
                _ = renderer.widgets(for: snapshot)
                lap(2)
                _ = try renderer.render(snapshot, now: now)
                lap(3)
            }
            // decode() parses too: its validation share is the difference.
            return Result(
                devices: count, inputBytes: bytes.count, parseMs: best[0], validateMs: max(0, best[1] - best[0]),
                widgetsMs: best[2], jsonMs: max(0, best[3] - best[2]))
        }
    }
}
