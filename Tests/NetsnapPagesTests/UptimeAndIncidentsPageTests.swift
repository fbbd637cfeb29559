import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// The dashboard's 90 day bars and `incidents.html`, from the uptime report and incidents
/// the history gives the renderer as values.
@Suite struct UptimeAndIncidentsPageTests {
    /// 90 days of a target named with markup: up, except day 20 (down, 1 incident), day 40
    /// (maintenance), day 50 (no data) and day 89 (degraded at 99.5 %).
    static func report() -> UptimeReport {
        let days = (0..<UptimeReport.days).map { index -> UptimeReport.Day in
            let date = String(format: "2026-08-%02d", index % 28 + 1)
            switch index {
            case 20: return UptimeReport.Day(date: date, upPercent: 87.5, worst: .down, incidents: 1)
            case 40: return UptimeReport.Day(date: date, upPercent: nil, worst: .maintenance, incidents: 0)
            case 50: return UptimeReport.Day(date: date, upPercent: nil, worst: .nodata, incidents: 0)
            case 89: return UptimeReport.Day(date: "2026-11-21", upPercent: 99.5, worst: .degraded, incidents: 0)
            default: return UptimeReport.Day(date: date, upPercent: 100, worst: .up, incidents: 0)
            }
        }
        let series = UptimeReport.Series(
            kind: .target, targetID: UUID(), name: "NAS <b>", days: days, percent24h: 99.5, percent7d: 99.9, percent30d: 99.95,
            percent90d: 99.86)
        return UptimeReport(endsAt: PageFixtures.snapshotAt, timeZone: TimeZone(identifier: "UTC")!, series: [series])
    }

    static func dashboard(uptime: UptimeReport?) -> String {
        let pages = PageRenderer(templates: PageFixtures.bundled, settings: PageSettings())
            .render(PageFixtures.widgets(), now: PageFixtures.now, uptime: uptime)
        return pages.first { $0.path == "index.html" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    @Test func eachDayIsABarColouredByItsWorstStateAndNamedForHoverAndScreenReaders() throws {
        let page = Self.dashboard(uptime: Self.report())
        let bars = page.components(separatedBy: #"<li class="day day-"#).dropFirst()
        #expect(bars.count == 90)
        let states = bars.map { String($0.prefix { $0 != "\"" }) }
        #expect(states.filter { $0 == "up" }.count == 86)
        #expect(states[20] == "down" && states[40] == "maintenance" && states[50] == "nodata" && states[89] == "degraded")
        let down = "2026-08-21 · 87.5% up · down · 1 incident"
        #expect(page.contains(#"title="\#(down)"><span class="visually-hidden">\#(down)</span>"#))
        #expect(page.contains(#"title="2026-08-13 · maintenance""#))
        #expect(page.contains(#"title="2026-08-23 · no data""#))
        #expect(page.contains(#"title="2026-11-21 · 99.5% up · degraded""#))
        // The name is escaped wherever it stands; the 90-day figure beside it.
        #expect(page.contains(#"aria-label="NAS &lt;b&gt;, one bar a day""#) && !page.contains("NAS <b>"))
        #expect(page.contains(#"<span class="uptime-figure">99.8%</span>"#))
        #expect(page.contains(#"<a href="incidents.html">Incidents</a>"#))
    }

    @Test func withoutHistoryThereAreNoBars() {
        #expect(!Self.dashboard(uptime: nil).contains("uptime-title"))
    }

    static func incident(
        _ id: Int64, _ name: String, start: String, end: String?, note: String? = nil, byHand: Bool = false,
        subject: Incident.Subject = .target
    ) -> Incident {
        Incident(
            id: id, subject: subject, targetID: nil, name: name, startedAt: date(start),
            endedAt: end.map(date), cause: "timeout <script>", publicCause: "timeout", note: note, closedByHand: byHand,
            updatedAt: date(start))
    }

    static func date(_ text: String) -> Date { RFC3339.parse(text) ?? .distantPast }

    static func incidentsPage(_ incidents: [Incident], redacted: Bool = false) -> String {
        let page = PageRenderer(templates: PageFixtures.bundled, settings: PageSettings())
            .incidentsPage(incidents, widgets: PageFixtures.widgets(), now: PageFixtures.now, redacted: redacted)
        #expect(page.path == "incidents.html")
        return String(decoding: page.bytes, as: UTF8.self)
    }

    @Test func incidentsAreByMonthNewestFirstEachWithItsTimeline() throws {
        let page = Self.incidentsPage([
            Self.incident(1, "NAS", start: "2026-09-30T23:00:00Z", end: "2026-10-01T02:30:00Z"),
            Self.incident(3, "Printer <img>", start: "2026-11-21T10:00:00Z", end: nil, note: "Toner <b>out</b>"),
            Self.incident(2, "Connection", start: "2026-10-12T08:00:00Z", end: "2026-10-12T08:00:45Z", byHand: true, subject: .connection),
        ])
        let november = try #require(page.range(of: "<h2>November 2026</h2>"))
        let october = try #require(page.range(of: "<h2>October 2026</h2>"))
        let september = try #require(page.range(of: "<h2>September 2026</h2>"))
        #expect(november.lowerBound < october.lowerBound && october.lowerBound < september.lowerBound)
        #expect(page.contains("1 ongoing · 3 in 90 days · times in UTC"))
        // The ongoing one: escaped name, cause and note; its duration up to the snapshot.
        #expect(page.contains(#"<article class="incident incident-ongoing" id="incident-3">"#))
        #expect(page.contains("Printer &lt;img&gt;") && !page.contains("<img>"))
        #expect(page.contains("timeout &lt;script&gt;") && !page.contains("<script>out"))
        #expect(page.contains("<strong>Note</strong> <span dir=\"auto\">Toner &lt;b&gt;out&lt;/b&gt;</span>"))
        #expect(page.contains("<dt>Duration</dt><dd>42 min</dd>") && page.contains("<dt>End</dt><dd>ongoing</dd>"))
        // Over midnight into the next month: filed under the month it began in.
        #expect(page.contains("<dt>Start</dt><dd><time datetime=\"2026-09-30T23:00:00Z\">30 Sep 23:00</time></dd>"))
        #expect(page.contains("<dt>Duration</dt><dd>3 h 30 min</dd>"))
        #expect(page.contains("<strong>Resolved</strong> <time datetime=\"2026-10-01T02:30:00Z\">1 Oct 02:30</time>"))
        #expect(page.contains("<strong>Closed by hand</strong>") && page.contains("<dd dir=\"auto\">The connection</dd>"))
        #expect(page.contains("<dt>Duration</dt><dd>45 s</dd>"))
    }

    @Test func aPublicPageGivesThePublicCause() {
        let page = Self.incidentsPage([Self.incident(1, "NAS", start: "2026-11-21T10:00:00Z", end: nil)], redacted: true)
        #expect(page.contains("<dt>Cause</dt><dd dir=\"auto\">timeout</dd>") && !page.contains("&lt;script"))
    }

    @Test func withoutIncidentsThePageSaysSo() {
        #expect(Self.incidentsPage([]).contains("No incident in the last 90 days."))
    }

    @Test func durationsReadInTheirTwoLargestUnits() {
        #expect(IncidentsPageContext.duration(0) == "0 s")
        #expect(IncidentsPageContext.duration(59) == "59 s")
        #expect(IncidentsPageContext.duration(7_200 + 30) == "2 h")
        #expect(IncidentsPageContext.duration(86_400 * 2 + 3_600 * 4 + 60) == "2 days 4 h")
        #expect(IncidentsPageContext.duration(86_400) == "1 day")
    }
}
