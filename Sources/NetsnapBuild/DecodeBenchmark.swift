import Foundation
import NetsnapModel

/// Times decode → widgets → JSON for synthetic snapshots of growing size (release builds).
public enum DecodeBenchmark {
    /// One measured size.
    public struct Result: Sendable {
        public let devices: Int
        public let inputBytes: Int
        public let decodeMs: Double
        public let widgetsMs: Double
        public let jsonMs: Double

        public var totalMs: Double { decodeMs + widgetsMs + jsonMs }
        public var megabytesPerSecond: Double { Double(inputBytes) / 1_000_000 / (totalMs / 1000) }
    }

    /// Best of `repetitions` runs for each device count.
    public static func run(deviceCounts: [Int], targets: Int = 1_000, repetitions: Int = 3) throws -> [Result] {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let renderer = OutputRenderer(configuration: NetsnapConfiguration(), tiles: nil)
        return try deviceCounts.map { count in
            let bytes = JSONWriter.bytes(SyntheticSnapshot.make(devices: count, targets: targets, at: now).jsonValue)
            var best = (decode: Double.infinity, widgets: Double.infinity, json: Double.infinity)
            for _ in 0..<repetitions {
                let start = DispatchTime.now()
                let snapshot = try SnapshotDecoder.decode(bytes)
                let decoded = DispatchTime.now()
                _ = renderer.widgets(for: snapshot)
                let mapped = DispatchTime.now()
                _ = try renderer.render(snapshot, now: now)
                let written = DispatchTime.now()
                best.decode = min(best.decode, milliseconds(start, decoded))
                best.widgets = min(best.widgets, milliseconds(decoded, mapped))
                // render() maps the widgets again before writing JSON; count only the JSON part.
                best.json = min(best.json, max(0, milliseconds(mapped, written) - milliseconds(decoded, mapped)))
            }
            return Result(devices: count, inputBytes: bytes.count, decodeMs: best.decode, widgetsMs: best.widgets, jsonMs: best.json)
        }
    }

    static func milliseconds(_ start: DispatchTime, _ end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
}
