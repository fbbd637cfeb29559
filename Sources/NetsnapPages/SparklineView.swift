import NetsnapLanguage
import NetsnapModel

/// A latency series as an inline SVG sparkline: polyline segments in a 100 × 24 box, broken
/// where nothing was measured rather than drawn across the gap. Only numbers reach the
/// template, so nothing here needs escaping beyond what Mustache does.
struct SparklineView: Sendable {
    /// One unbroken run of points, as the `points` attribute of a `<polyline>`.
    struct Segment: Sendable {
        let points: String
    }

    static let width = 100.0
    static let height = 24.0

    let segments: [Segment]
    /// What a screen reader hears and the caption says, e.g. "last 24 h: 3.9–12 ms".
    let label: String
    let caption: String

    /// Nil when fewer than two points were measured: one dot is not a trend.
    init?(_ series: HistorySummary.LatencySeries, title: String, _ wording: Wording = .posix) {
        guard series.isDrawable else { return nil }
        let values = series.points.compactMap { $0 }
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        let span = max(high - low, 0.001)
        let step = Self.width / Double(max(series.points.count - 1, 1))
        var segments: [Segment] = []
        var current: [String] = []
        for (index, point) in series.points.enumerated() {
            guard let point else {
                if current.count > 1 { segments.append(Segment(points: current.joined(separator: " "))) }
                current = []
                continue
            }
            // 2 units of margin keep the stroke inside the box at the extremes.
            let y = Self.height - 2 - (point - low) / span * (Self.height - 4)
            current.append("\(Self.format(Double(index) * step)),\(Self.format(y))")
        }
        if current.count > 1 { segments.append(Segment(points: current.joined(separator: " "))) }
        guard !segments.isEmpty else { return nil }
        self.segments = segments
        let hours = series.bucketSeconds * series.points.count / 3600
        let (lowText, highText) = (PageFormat.latency(low, wording), PageFormat.latency(high, wording))
        caption = wording(PagePhrase.sparklineCaption, ["hours": wording.integer(hours), "range": "\(lowText) – \(highText)"])
        label = wording(PageCountPhrase.sparklineLabel, count: hours, ["title": title, "low": lowText, "high": highText])
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
