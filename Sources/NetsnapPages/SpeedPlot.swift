import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// One drawing of a speed chart, `width` user units wide: the lines of both directions, the
/// scale's marks and the days under it. The page holds a wide drawing and a narrow one (for
/// a phone, where the wide one's words would shrink past reading); the stylesheet shows one.
struct SpeedPlot: Sendable {
    struct Line: Sendable {
        /// "download" or "upload": the class that strokes it.
        let direction: String
        /// Each unbroken run of days, as a `<polyline>`'s `points`.
        let segments: [String]
        let dots: [Point]
    }

    struct Point: Sendable {
        let x: String
        let y: String
    }

    struct Tick: Sendable {
        let position: String
        let label: String
        /// The `text-anchor` that keeps the label inside the picture: the first day starts
        /// at its mark, the last ends at it.
        var anchor = "end"
    }

    /// "wide" or "narrow", the class the stylesheet picks by.
    let shape: String
    let width: String
    let height = "220"
    /// The plot's left and right ends, where the scale's lines start and stop.
    let left = "64"
    let right: String
    let labelX = "58"
    let lines: [Line]
    let scale: [Tick]
    let days: [Tick]

    private static let top = 14.0
    private static let bottom = 190.0

    /// `download` and `upload` (one point a day, the last ending at `lastDay`) on a scale
    /// up to `top`.
    init(
        shape: String, width: Double, download: [Double?], upload: [Double?], top: Double, lastDay: Date, _ wording: Wording
    ) {
        self.shape = shape
        self.width = Self.format(width)
        let right = width - 12
        self.right = Self.format(right)
        let count = download.count
        let y = { (value: Double) in Self.bottom - value / top * (Self.bottom - Self.top) }
        let x = { (index: Int) in 64 + Double(index) * (right - 64) / Double(max(count - 1, 1)) }
        lines = [("download", download), ("upload", upload)].map { direction, points in
            Self.line(direction, points, x: x, y: y)
        }
        scale = [0, top / 2, top].map { Tick(position: Self.format(y($0)), label: SpeedText.rate($0, wording)) }
        let marks = shape == "narrow" ? [(0, "start"), (count - 1, "end")] : [(0, "start"), (count / 2, "middle"), (count - 1, "end")]
        days = marks.map { index, anchor in
            let date = lastDay.addingTimeInterval(-Double(count - 1 - index) * 86_400)
            return Tick(position: Self.format(x(index)), label: wording.day(date, Self.utc), anchor: anchor)
        }
    }

    /// The history's days are UTC days (the store groups results by them), so they are
    /// named in UTC too.
    private static let utc = TimeZone(identifier: "UTC")!

    private static func line(_ direction: String, _ points: [Double?], x: (Int) -> Double, y: (Double) -> Double) -> Line {
        var segments: [[Point]] = []
        var current: [Point] = []
        for (index, value) in points.enumerated() {
            guard let value else {
                if !current.isEmpty { segments.append(current) }
                current = []
                continue
            }
            current.append(Point(x: format(x(index)), y: format(y(value))))
        }
        if !current.isEmpty { segments.append(current) }
        return Line(
            direction: direction,
            segments: segments.filter { $0.count > 1 }.map { $0.map { "\($0.x),\($0.y)" }.joined(separator: " ") },
            dots: segments.filter { $0.count == 1 }.flatMap { $0 })
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
