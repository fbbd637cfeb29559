import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// `incidents.html`: the incidents of the last 90 days by month, newest first, each with its
/// times, what was affected, the cause and its timeline (begun, a person's note, over).
/// Every string in it came from the history or a snapshot and is escaped by the template.
struct IncidentsPageContext: Sendable {
    struct Entry: Sendable {
        /// "Began", "Note", "Resolved", "Closed by hand".
        let what: String
        /// "21 Nov 10:42" (in the page's zone), or nil for a note, whose time is not kept.
        let when: Time?
        let text: String
    }

    struct Time: Sendable {
        let text: String
        let datetime: String

        init(_ date: Date, _ timeZone: TimeZone, _ wording: Wording) {
            text = AgeText.dayAndClock(date, timeZone, wording)
            datetime = PageFormat.timestamp(date)
        }
    }

    struct Item: Sendable {
        let id: String
        let name: String
        let isOngoing: Bool
        let state: String
        let start: String
        let startAt: String
        let end: String
        let duration: String
        let affected: String
        let cause: String
        let timeline: [Entry]
    }

    struct Month: Sendable {
        /// "November 2026".
        let title: String
        let items: [Item]
    }

    let chrome: PageChrome
    let t: PageText
    let sentence: PageSentences
    let networkName: String
    let months: [Month]
    let isEmpty: Bool
    /// "1 ongoing · 4 in 90 days", "All resolved · 4 in 90 days".
    let headline: String
    /// The zone the times are told in.
    let timeZone: String
    /// "No incident in the last 90 days.", for an empty page.
    let noIncident: String

    init(_ incidents: [Incident], widgets: WidgetSet, now: Date, settings: PageSettings, redacted: Bool) {
        let wording = settings.wording
        networkName = widgets.small.shownNetworkName(wording)
        chrome = PageChrome(.dashboard, title: .incidents, networkName: networkName, widgets: widgets, now: now, settings: settings)
        t = PageText(wording: wording)
        sentence = PageSentences(wording: wording)
        let zone = settings.timeZone
        let sorted = incidents.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
        var months: [Month] = []
        for incident in sorted {
            let item = Self.item(incident, now: widgets.snapshotAt, timeZone: zone, redacted: redacted, wording)
            let title = wording.monthAndYear(incident.startedAt, zone)
            if months.last?.title == title {
                months[months.count - 1] = Month(title: title, items: months[months.count - 1].items + [item])
            } else {
                months.append(Month(title: title, items: [item]))
            }
        }
        self.months = months
        isEmpty = incidents.isEmpty
        let ongoing = incidents.filter { $0.endedAt == nil }.count
        // Foundation names UTC "GMT" or "Etc/UTC"; the other pages say UTC.
        timeZone = ["GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier) ? "UTC" : zone.identifier
        let days = PageFormat.count(UptimeReport.days, wording)
        noIncident = wording(PagePhrase.noIncident, ["days": days])
        let state = ongoing == 0 ? wording(PagePhrase.allResolved) : wording(PageCountPhrase.ongoingCount, count: ongoing)
        headline =
            state + wording.separator + wording(PagePhrase.inDays, ["count": PageFormat.count(incidents.count, wording), "days": days])
    }

    private static func item(_ incident: Incident, now: Date, timeZone: TimeZone, redacted: Bool, _ wording: Wording) -> Item {
        let cause = redacted ? incident.publicCause : incident.cause
        let duration = duration(incident.durationSeconds(at: now), wording)
        var timeline = [
            Entry(
                what: wording(PagePhrase.began), when: Time(incident.startedAt, timeZone, wording),
                text: wording(verb(incident), ["name": incident.name]))
        ]
        if let note = incident.note { timeline.append(Entry(what: wording(PagePhrase.note), when: nil, text: note)) }
        if let end = incident.endedAt {
            timeline.append(
                Entry(
                    what: wording(incident.closedByHand ? PagePhrase.closedByHand : .resolved), when: Time(end, timeZone, wording),
                    text: wording(PagePhrase.afterDuration, ["duration": duration])))
        }
        return Item(
            id: "incident-\(incident.id)", name: incident.name, isOngoing: incident.endedAt == nil,
            state: wording(incident.endedAt == nil ? PagePhrase.ongoing : .resolved),
            start: AgeText.dayAndClock(incident.startedAt, timeZone, wording), startAt: PageFormat.timestamp(incident.startedAt),
            end: incident.endedAt.map { AgeText.dayAndClock($0, timeZone, wording) } ?? wording(PagePhrase.stillOngoing),
            duration: duration, affected: affected(incident, wording), cause: PageFormat.text(cause.map(wording.reason)), timeline: timeline
        )
    }

    private static func verb(_ incident: Incident) -> PagePhrase {
        switch incident.subject {
        case .target: .wentDown
        case .connection: .wasLost
        case .source: .stoppedSending
        case .site: .lostOrOffline
        }
    }

    private static func affected(_ incident: Incident, _ wording: Wording) -> String {
        switch incident.subject {
        case .target: wording(PagePhrase.affectedTarget, ["name": incident.name])
        case .connection: wording(PagePhrase.theConnection)
        case .source: wording(PagePhrase.theDataSource)
        case .site: wording(PagePhrase.affectedSite, ["name": incident.name])
        }
    }

    /// "3 h 30 min", "45 min", "2 days 4 h", "20 s": the largest unit and the next one, in
    /// the page's words ("3 Std. 30 Min.").
    static func duration(_ seconds: Double, _ wording: Wording = .posix) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e12)) : 0
        let units: [(size: Int, phrase: CountPhrase)] = [(86_400, .days), (3_600, .hours), (60, .minutes), (1, .seconds)]
        guard let first = units.firstIndex(where: { whole >= $0.size }) else { return wording(CountPhrase.seconds, count: 0) }
        var text = wording(units[first].phrase, count: whole / units[first].size)
        if first + 1 < units.count {
            let next = units[first + 1]
            let count = (whole % units[first].size) / next.size
            if count > 0 { text += " " + wording(next.phrase, count: count) }
        }
        return text
    }
}
