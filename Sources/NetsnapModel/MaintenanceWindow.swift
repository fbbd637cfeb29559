import Foundation

/// A time when some targets (or everything) are being worked on: no notification goes out for
/// them, their events are marked, their uptime leaves the time out. Once (`start`–`end`), or
/// weekly (`days` at `from`–`until`, told in a time zone; a window may span midnight).
public struct MaintenanceWindow: Sendable, Equatable {
    public enum When: Sendable, Equatable {
        case once(start: Date, end: Date)
        /// Days of the week (1 Sunday … 7 Saturday) and minutes after local midnight.
        case weekly(days: Set<Int>, from: Int, until: Int)
    }

    /// The stored window's number (`netsnap maintenance end ID`); nil for a configured one.
    public var id: Int64?
    public var when: When
    /// Target names or ids it covers; empty covers everything (the connection too).
    public var targets: [String]
    public var note: String?

    public init(id: Int64? = nil, when: When, targets: [String] = [], note: String? = nil) {
        self.id = id
        self.when = when
        self.targets = targets
        self.note = note
    }

    /// True at `date`, weekly windows told in `timeZone`.
    public func isActive(at date: Date, timeZone: TimeZone) -> Bool {
        switch when {
        case .once(let start, let end): return start <= date && date < end
        case .weekly(let days, let from, let until):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
            let weekday = parts.weekday ?? 0
            let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
            if from < until { return days.contains(weekday) && minute >= from && minute < until }
            let yesterday = weekday == 1 ? 7 : weekday - 1
            return (days.contains(weekday) && minute >= from) || (days.contains(yesterday) && minute < until)
        }
    }

    /// What the windows active at `date` cover among `targets`.
    public static func coverage(
        _ windows: [MaintenanceWindow], at date: Date, timeZone: TimeZone, targets: [MonitoringTarget]
    ) -> MaintenanceCoverage {
        var coverage = MaintenanceCoverage()
        for window in windows where window.isActive(at: date, timeZone: timeZone) {
            if let note = window.note { coverage.notes.append(note) }
            if window.targets.isEmpty {
                coverage.everything = true
                continue
            }
            let named = Set(window.targets.map { $0.lowercased() })
            for target in targets where named.contains(target.name.lowercased()) || named.contains(target.id.uuidString.lowercased()) {
                coverage.targetIDs.insert(target.id)
            }
        }
        return coverage
    }
}

/// What maintenance covers at one moment.
public struct MaintenanceCoverage: Sendable, Equatable {
    /// A window without targets is on: everything, the connection included.
    public var everything = false
    public var targetIDs: Set<UUID> = []
    /// The active windows' notes.
    public var notes: [String] = []

    public init() {}

    public var isEmpty: Bool { !everything && targetIDs.isEmpty }

    public func covers(target id: UUID) -> Bool { everything || targetIDs.contains(id) }

    /// Whether `event` is about something under maintenance: its target, or with everything
    /// covered any event about the network.
    public func covers(_ event: NetworkEvent) -> Bool {
        if everything { return true }
        guard let id = event.wording.data["targetId"].flatMap(UUID.init(uuidString:)) else { return false }
        return targetIDs.contains(id)
    }
}
