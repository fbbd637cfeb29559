import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// The line's download and upload by day as an inline SVG chart, as Speedtest Tracker draws
/// a month: a line per direction (download solid, upload dashed, so colour is never the only
/// difference), broken where a day has no result, a dot for a day alone between gaps, the
/// scale from zero to a round figure, and the days under it; drawn wide and narrow
/// (`SpeedPlot`). Only numbers and the page's own words reach the template.
struct SpeedChartView: Sendable {
    /// "Last 30 days".
    let title: String
    /// What a screen reader hears: "Last 30 days: download 41 Mb/s to 96 Mb/s, upload …".
    let label: String
    let plots: [SpeedPlot]
    /// "↓ 92 ↑ 18 Mb/s", the mean of the days with a result.
    let average: String
    /// "↓ 41 Mb/s", the lowest day's download.
    let lowest: String
    let isEmpty: Bool

    init(_ history: HistorySummary.SpeedHistory, days count: Int, _ wording: Wording) {
        let download = Array(history.download.points.suffix(count))
        let upload = Array(history.upload.points.suffix(count))
        title = wording(SpeedCountPhrase.lastDays, count: count)
        let measured = download.compactMap { $0 } + upload.compactMap { $0 }
        isEmpty = measured.isEmpty
        let top = Self.roundedUp(measured.max() ?? 1)
        let lastDay = history.download.endsAt
        plots = [("wide", 640.0), ("narrow", 340.0)].map { shape, width in
            SpeedPlot(shape: shape, width: width, download: download, upload: upload, top: top, lastDay: lastDay, wording)
        }
        let dash = "—"
        let mean = { (values: [Double?]) -> Double? in
            let known = values.compactMap { $0 }
            return known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
        }
        average =
            SpeedText.forms(SpeedResult(measuredAt: lastDay, downloadMbps: mean(download), uploadMbps: mean(upload)), wording).first
            ?? dash
        lowest = download.compactMap { $0 }.min().map { "↓ " + SpeedText.rate($0, wording) } ?? dash
        let range = { (values: [Double?]) -> (low: String, high: String) in
            let known = values.compactMap { $0 }
            return (known.min().map { SpeedText.rate($0, wording) } ?? dash, known.max().map { SpeedText.rate($0, wording) } ?? dash)
        }
        let (downloads, uploads) = (range(download), range(upload))
        label = wording(
            SpeedCountPhrase.chartLabel, count: count,
            ["downloadLow": downloads.low, "downloadHigh": downloads.high, "uploadLow": uploads.low, "uploadHigh": uploads.high])
    }

    /// The scale's top: the highest figure rounded up to 1, 2, 2.5 or 5 times a power of ten.
    static func roundedUp(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        return [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= value - 1e-9 } ?? 10 * power
    }
}
