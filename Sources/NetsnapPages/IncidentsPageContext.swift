import Foundation
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

        init(_ date: Date, _ timeZone: TimeZone) {
            text = AgeText.dayAndClock(date, timeZone)
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
    let networkName: String
    let months: [Month]
    let isEmpty: Bool
    /// "1 ongoing · 4 in 90 days", "All resolved · 4 in 90 days".
    let headline: String
    /// The zone the times are told in.
    let timeZone: String

    init(_ incidents: [Incident], widgets: WidgetSet, now: Date, settings: PageSettings, redacted: Bool) {
        chrome = PageChrome(
            .dashboard, title: "Incidents", networkName: widgets.small.networkName, widgets: widgets, now: now, settings: settings)
        networkName = widgets.small.networkName
        let zone = settings.timeZone
        let sorted = incidents.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
        var months: [Month] = []
        for incident in sorted {
            let item = Self.item(incident, now: widgets.snapshotAt, timeZone: zone, redacted: redacted)
            let title = Self.monthTitle(incident.startedAt, zone)
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
        headline = (ongoing == 0 ? "All resolved" : "\(ongoing) ongoing") + " · \(incidents.count) in \(UptimeReport.days) days"
    }

    private static func item(_ incident: Incident, now: Date, timeZone: TimeZone, redacted: Bool) -> Item {
        let cause = redacted ? incident.publicCause : incident.cause
        var timeline = [Entry(what: "Began", when: Time(incident.startedAt, timeZone), text: "\(incident.name) \(verb(incident)).")]
        if let note = incident.note { timeline.append(Entry(what: "Note", when: nil, text: note)) }
        if let end = incident.endedAt {
            timeline.append(
                Entry(
                    what: incident.closedByHand ? "Closed by hand" : "Resolved", when: Time(end, timeZone),
                    text: "After \(duration(incident.durationSeconds(at: now)))."))
        }
        return Item(
            id: "incident-\(incident.id)", name: incident.name, isOngoing: incident.endedAt == nil,
            state: incident.endedAt == nil ? "Ongoing" : "Resolved", start: AgeText.dayAndClock(incident.startedAt, timeZone),
            startAt: PageFormat.timestamp(incident.startedAt), end: incident.endedAt.map { AgeText.dayAndClock($0, timeZone) } ?? "ongoing",
            duration: duration(incident.durationSeconds(at: now)), affected: affected(incident), cause: PageFormat.text(cause),
            timeline: timeline)
    }

    private static func verb(_ incident: Incident) -> String {
        switch incident.subject {
        case .target: "went down"
        case .connection: "was lost"
        case .source: "stopped sending snapshots"
        case .site: "was lost or went offline"
        }
    }

    private static func affected(_ incident: Incident) -> String {
        switch incident.subject {
        case .target: "Target \(incident.name)"
        case .connection: "The connection"
        case .source: "The data source"
        case .site: "Site \(incident.name)"
        }
    }

    /// "3 h 30 min", "45 min", "2 days 4 h", "20 s": the largest unit and the next one.
    static func duration(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e12)) : 0
        let units = [(86_400, "day"), (3_600, "h"), (60, "min"), (1, "s")]
        guard let first = units.firstIndex(where: { whole >= $0.0 }) else { return "0 s" }
        let (size, name) = units[first]
        var text = amount(whole / size, name)
        if first + 1 < units.count {
            let (next, nextName) = units[first + 1]
            let count = (whole % size) / next
            if count > 0 { text += " " + amount(count, nextName) }
        }
        return text
    }

    private static func amount(_ count: Int, _ unit: String) -> String {
        unit == "day" ? (count == 1 ? "1 day" : "\(count) days") : "\(count) \(unit)"
    }

    static func monthTitle(_ date: Date, _ timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        return "\(monthNames[max(0, min(11, (parts.month ?? 1) - 1))]) \(parts.year ?? 1970)"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
}
