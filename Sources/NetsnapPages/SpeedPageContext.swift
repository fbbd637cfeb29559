import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// `speed.html`: the line's latest measured speed, its download and upload by day over the
/// last 30 and 90 days, and the figures of each measured day as a table (what the charts
/// draw, for a screen reader and for the exact numbers).
struct SpeedPageContext: Sendable {
    struct Latest: Sendable {
        let download: String
        let upload: String
        let latency: String
        let jitter: String
        let server: String?
        let measured: String
        let measuredAt: String
    }

    struct DayRow: Sendable {
        let day: String
        let download: String
        let upload: String
    }

    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let networkName: String
    /// "Measured on 64 days of the last 90"; the invitation to configure `speed:` before any.
    let headline: String
    let latest: Latest?
    let charts: [SpeedChartView]
    /// The measured days, newest first.
    let dayRows: [DayRow]
    let hasDays: Bool
    let isEmpty: Bool

    init(widgets: WidgetSet, now: Date, settings: PageSettings) {
        let wording = settings.wording
        networkName = widgets.small.shownNetworkName(wording)
        chrome = PageChrome(
            .dashboard, titleWords: wording(SpeedPhrase.lineSpeed), networkName: networkName, widgets: widgets, now: now,
            settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        latest = widgets.speed.map { Self.latest($0, timeZone: settings.timeZone, wording) }
        let history = widgets.history?.speed
        charts = history.map { history in [30, 90].map { SpeedChartView(history, days: $0, wording) } } ?? []
        dayRows = history.map { Self.dayRows($0, wording) } ?? []
        hasDays = !dayRows.isEmpty
        isEmpty = latest == nil && dayRows.isEmpty
        headline =
            dayRows.isEmpty
            ? (isEmpty ? wording(SpeedPhrase.noSpeedMeasured) : "")
            : wording(SpeedCountPhrase.daysMeasured, count: dayRows.count)
    }

    private static func latest(_ speed: SpeedResult, timeZone: TimeZone, _ wording: Wording) -> Latest {
        let rate = { (mbps: Double?) in PageFormat.text(mbps.map { SpeedText.rate($0, wording) }) }
        return Latest(
            download: rate(speed.downloadMbps), upload: rate(speed.uploadMbps),
            latency: PageFormat.latency(speed.latencyMs, wording), jitter: PageFormat.latency(speed.jitterMs, wording),
            server: speed.server, measured: AgeText.dayAndClock(speed.measuredAt, timeZone, wording),
            measuredAt: PageFormat.timestamp(speed.measuredAt))
    }

    private static func dayRows(_ history: HistorySummary.SpeedHistory, _ wording: Wording) -> [DayRow] {
        let utc = TimeZone(identifier: "UTC")!
        let count = history.download.points.count
        let rate = { (mbps: Double?) in PageFormat.text(mbps.map { SpeedText.rate($0, wording) }) }
        return zip(history.download.points, history.upload.points).enumerated().reversed().compactMap { index, pair in
            guard pair.0 != nil || pair.1 != nil else { return nil }
            let date = history.download.endsAt.addingTimeInterval(-Double(count - 1 - index) * 86_400)
            return DayRow(day: wording.day(date, utc), download: rate(pair.0), upload: rate(pair.1))
        }
    }
}
