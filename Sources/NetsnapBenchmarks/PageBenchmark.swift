import Foundation
import NetsnapModel
import NetsnapPages
import NetsnapRender
import NetsnapWidgets

/// Times the HTML pages alone (templates loaded once, as in `render`) for the sample and for
/// synthetic networks, and weighs the widget pages (release builds).
public enum PageBenchmark {
    /// One measured network.
    public struct Result: Sendable {
        public let label: String
        public let devices: Int
        /// Best time to render all five pages (and copy the two assets) from the widget models.
        public let pagesMs: Double
        /// The same with the widget models mapped from the snapshot first.
        public let widgetsAndPagesMs: Double
        public let indexBytes: Int
        public let mediumBytes: Int
    }

    /// The sample, then a synthetic network for each device count; best of `repetitions`.
    public static func run(deviceCounts: [Int], targets: Int = 100, repetitions: Int = 5) throws -> [Result] {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let pages = try PageRenderer(settings: PageSettings())
        let networks =
            [("sample", SampleSnapshot.snapshot.redated(to: now))]
            + deviceCounts.map { ("synthetic", SyntheticSnapshot.make(devices: $0, targets: targets, at: now)) }
        return networks.map { label, snapshot in
            var best = (pages: Double.infinity, total: Double.infinity)
            var rendered: [RenderedPage] = []
            for _ in 0..<repetitions {
                let start = DispatchTime.now()
                let widgets = WidgetSet(snapshot)
                let mapped = DispatchTime.now()
                rendered = pages.render(widgets, now: now)
                let done = DispatchTime.now()
                best.pages = min(best.pages, milliseconds(mapped, done))
                best.total = min(best.total, milliseconds(start, done))
            }
            let size = { (name: String) in rendered.first { $0.path == name }?.bytes.count ?? 0 }
            return Result(
                label: label, devices: snapshot.devices.count, pagesMs: best.pages, widgetsAndPagesMs: best.total,
                indexBytes: size("index.html"), mediumBytes: size("medium.html"))
        }
    }

    private static func milliseconds(_ start: DispatchTime, _ end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
}
