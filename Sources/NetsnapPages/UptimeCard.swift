import NetsnapModel
import NetsnapWidgets

/// The dashboard's Uptime card: a strip of 90 day bars for the gateway, the internet and
/// each target, coloured by the worst state of the day, each bar naming its day and figure
/// on hover (`title`) and to screen readers (hidden text). Absent without history.
struct UptimeCard: Sendable {
    struct Bar: Sendable {
        /// `up`, `degraded`, `down`, `maintenance` or `nodata`: the bar's class.
        let state: String
        /// "2026-08-21 · 87.5% up · down · 1 incident".
        let label: String
    }

    struct Strip: Sendable {
        let name: String
        /// The 90-day figure ("99.8%"), or a dash without data.
        let figure: String
        let bars: [Bar]
    }

    let strips: [Strip]
    /// The first and last day shown, under the strips; a narrow screen shows the last 30 days
    /// only, from `firstNarrowDate`.
    let firstDate: String
    let firstNarrowDate: String
    let lastDate: String

    /// Days a narrow screen (a phone) shows, as status pages do.
    static let narrowDays = 30

    init?(_ report: UptimeReport?) {
        guard let report, let first = report.series.first, let firstDay = first.days.first, let lastDay = first.days.last else {
            return nil
        }
        strips = report.series.map { series in
            Strip(
                name: series.name, figure: series.percent90d.map { UptimeText.format($0) } ?? PageFormat.absent,
                bars: series.days.map { Bar(state: $0.worst.rawValue, label: Self.label($0)) })
        }
        firstDate = firstDay.date
        firstNarrowDate = first.days.suffix(Self.narrowDays).first?.date ?? firstDay.date
        lastDate = lastDay.date
    }

    /// What a bar says: its day, the share up, its worst state and the outages begun that day.
    static func label(_ day: UptimeReport.Day) -> String {
        guard let percent = day.upPercent else {
            return day.worst == .maintenance ? "\(day.date) · maintenance" : "\(day.date) · no data"
        }
        var parts = [day.date, UptimeText.format(percent) + " up"]
        if day.worst != .up { parts.append(day.worst.rawValue) }
        if day.incidents > 0 { parts.append(day.incidents == 1 ? "1 incident" : "\(day.incidents) incidents") }
        return parts.joined(separator: " · ")
    }
}
