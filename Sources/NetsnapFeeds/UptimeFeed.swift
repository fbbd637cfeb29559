import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// `uptime.json` — 90 daily buckets per thing watched (the gateway, the internet, each
/// target): the local date, the observed uptime, the worst state and the outages that began
/// that day, with 24 h, 7, 30 and 90-day percentages — and `badges/<target>-uptime.json`, a
/// shields.io badge of each target's 30-day uptime. Both carry the snapshot's time, not the
/// render time, so a cycle that brought nothing new leaves them untouched.
public enum UptimeFeed {
    public static func bytes(_ report: UptimeReport, widgets: WidgetSet, context: FeedContext) -> [UInt8] {
        JSONWriter.bytes(
            .object([
                ("snapshotAt", .date(widgets.snapshotAt)),
                ("expiresAt", .date(widgets.expiresAt)),
                ("timeZone", .string(report.timeZone.identifier)),
                ("days", .number(Double(UptimeReport.days))),
                ("series", .array(report.series.map(series))),
            ]), pretty: false)
    }

    private static func series(_ series: UptimeReport.Series) -> JSONValue {
        .object([
            ("kind", .string(series.kind.rawValue)),
            ("id", series.targetID.map { .string($0.uuidString) } ?? .null),
            ("name", .string(series.name)),
            (
                "uptime",
                .object([
                    ("24h", percent(series.percent24h)), ("7d", percent(series.percent7d)), ("30d", percent(series.percent30d)),
                    ("90d", percent(series.percent90d)),
                ])
            ),
            (
                "days",
                .array(
                    series.days.map { day in
                        .object([
                            ("date", .string(day.date)), ("upPercent", percent(day.upPercent)), ("worst", .string(day.worst.rawValue)),
                            ("incidents", .number(Double(day.incidents))),
                        ])
                    })
            ),
        ])
    }

    /// A percentage to a thousandth of a percent (a minute in 70 days): enough for any bar.
    private static func percent(_ value: Double?) -> JSONValue {
        value.map { .number(($0 * 1000).rounded() / 1000) } ?? .null
    }

    /// `badges/<slug>-uptime.json` for each target of the widgets (the same slugs as their
    /// status badges): "NAS 30d | 99.95%", green from 99.9 %, yellow from 99 %, else red;
    /// grey without data.
    /// In another language than English: "NAS 30 Tage | 99,9 %", "keine Daten".
    public static func badgeFiles(
        _ report: UptimeReport, widgets: WidgetSet, _ wording: Wording = .posix
    ) -> [(path: String, bytes: [UInt8])] {
        let targets = widgets.dashboard.targets
        let english = BadgeFeed.isEnglish(wording)
        let span = english ? "30d" : wording(CountPhrase.daySpan, count: 30)
        return zip(targets, Slug.unique(targets.map(\.name))).map { target, slug in
            let percent = report.series.first { $0.targetID == target.id }?.percent30d
            let shown = percent.map { english ? text($0) : UptimeText.format($0, wording) }
            let json = JSONValue.object([
                ("schemaVersion", .number(1)),
                ("label", .string(target.name + " " + span)),
                ("message", .string(shown ?? (english ? "no data" : wording(PagePhrase.dayNoData)))),
                ("color", .string(color(percent))),
            ])
            return (path: "\(TargetBadgeFeed.folder)/\(slug)-uptime.json", bytes: JSONWriter.bytes(json))
        }
    }

    /// "99.95%", "100%": two decimals at most, no trailing zeros.
    static func text(_ percent: Double) -> String {
        let rounded = (percent * 100).rounded(.down) / 100
        return JSONWriter.format(rounded) + "%"
    }

    static func color(_ percent: Double?) -> String {
        guard let percent else { return "lightgrey" }
        if percent >= 99.9 { return "brightgreen" }
        return percent >= 99 ? "yellow" : "red"
    }
}
