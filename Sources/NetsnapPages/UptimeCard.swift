import Foundation
import NetsnapLanguage
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
        /// "NAS, one bar a day", what a screen reader hears of the strip.
        let barsLabel: String
    }

    let strips: [Strip]
    /// "90 days", the span the bars cover.
    let span: String
    /// The first and last day shown, under the strips; a narrow screen shows the last 30 days
    /// only, from `firstNarrowDate`.
    let firstDate: String
    let firstNarrowDate: String
    let lastDate: String

    /// Days a narrow screen (a phone) shows, as status pages do.
    static let narrowDays = 30

    init?(_ report: UptimeReport?, _ wording: Wording = .posix) {
        guard let report, let first = report.series.first, let firstDay = first.days.first, let lastDay = first.days.last else {
            return nil
        }
        strips = report.series.map { series in
            let name = Self.name(series, wording)
            return Strip(
                name: name, figure: series.percent90d.map { UptimeText.format($0, wording) } ?? PageFormat.absent,
                bars: series.days.map { Bar(state: $0.worst.rawValue, label: Self.label($0, wording)) },
                barsLabel: wording(PagePhrase.oneBarADay, ["name": name]))
        }
        span = wording(CountPhrase.daySpan, count: UptimeReport.days)
        firstDate = Self.date(firstDay.date, wording)
        firstNarrowDate = Self.date(first.days.suffix(Self.narrowDays).first?.date ?? firstDay.date, wording)
        lastDate = Self.date(lastDay.date, wording)
    }

    /// What a bar says: its day, the share up, its worst state and the outages begun that day.
    static func label(_ day: UptimeReport.Day, _ wording: Wording = .posix) -> String {
        let date = Self.date(day.date, wording)
        guard let percent = day.upPercent else {
            return date + wording.separator + wording(day.worst == .maintenance ? PagePhrase.dayMaintenance : .dayNoData)
        }
        var parts = [date, wording(PagePhrase.shareUp, ["percent": UptimeText.format(percent, wording)])]
        if let worst = worstWord(day.worst) { parts.append(wording(worst)) }
        if day.incidents > 0 { parts.append(wording(PageCountPhrase.incidentCount, count: day.incidents)) }
        return parts.joined(separator: wording.separator)
    }

    private static func worstWord(_ worst: UptimeReport.Worst) -> PagePhrase? {
        switch worst {
        case .up: nil
        case .degraded: .dayDegraded
        case .down: .dayDown
        case .maintenance: .dayMaintenance
        case .nodata: .dayNoData
        }
    }

    /// The gateway's and the internet's strips are named in the page's language; a target's
    /// name is its own.
    private static func name(_ series: UptimeReport.Series, _ wording: Wording) -> String {
        switch series.kind {
        case .gateway: wording(Phrase.gateway)
        case .internet: wording(PagePhrase.internet)
        case .target: series.name
        }
    }

    /// A `yyyy-MM-dd` day as it stands ("2026-08-21") in the POSIX locale, else the locale's
    /// day and month ("21. Aug.").
    static func date(_ day: String, _ wording: Wording) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard !PageFormat.isFixed(wording), parts.count == 3 else { return day }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)) else { return day }
        return wording.day(date, .gmt)
    }
}
