import Foundation
import NetsnapConfiguration
import NetsnapHistory
import NetsnapJSON
import NetsnapModel

/// `netsnap maintenance add | list | end`: windows stored in the history, besides the config's.
/// Safe while a watcher runs: it reads them every cycle.
public struct MaintenanceJob: Sendable {
    public var configuration: Configuration

    public init(configuration: Configuration) { self.configuration = configuration }

    /// Stores a window from `start` (nil: now) for `duration` ("90m", "2h", "1d") or until
    /// `end`; returns its number.
    public func add(targets: [String], start: String?, duration: String?, end: String?, note: String?, now: Date = Date())
        throws(ApplicationFailure) -> Int64
    {
        let from = try RenderTime.date(start, "--from") ?? now
        let until: Date
        switch (duration, end) {
        case (let duration?, nil):
            guard let seconds = Self.seconds(duration) else {
                throw ApplicationFailure(.usage, "error: --for expects a duration such as 90m, 2h or 1d, found \"\(duration)\"")
            }
            until = from.addingTimeInterval(seconds)
        case (nil, let end?): until = try RenderTime.date(end, "--until") ?? from
        default: throw ApplicationFailure(.usage, "error: give either --for DURATION or --until TIME")
        }
        guard until > from else { throw ApplicationFailure(.usage, "error: the window must end after it starts") }
        do {
            return try HistoryJob(configuration: configuration).open().addMaintenance(
                start: from, end: until, targets: targets, note: note.map(TextHygiene.replacingControls))
        } catch {
            throw ApplicationFailure(error)
        }
    }

    /// The config's windows and the stored ones not over yet — with `all`, past ones too
    /// (marked `[past]`) — one line each.
    public func list(all: Bool = false, now: Date = Date()) throws(ApplicationFailure) -> [String] {
        let stored: [MaintenanceWindow]
        do {
            stored = try HistoryJob(configuration: configuration).open().maintenanceWindows(endingAfter: all ? .distantPast : now)
        } catch {
            throw ApplicationFailure(error)
        }
        return (configuration.watch.maintenance + stored).map { window in
            let what = window.targets.isEmpty ? "everything" : window.targets.joined(separator: ", ")
            let when: String
            switch window.when {
            case .once(let start, let end): when = "\(RFC3339.format(start)) – \(RFC3339.format(end))"
            case .weekly(let days, let from, let until):
                let names = days.sorted().map { ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][$0 - 1] }.joined(separator: ",")
                when = "weekly \(names) \(Self.clock(from))–\(Self.clock(until)) (config)"
            }
            var active = window.isActive(at: now, timeZone: configuration.render.tiles.timeZone) ? "  [now]" : ""
            if case .once(_, let end) = window.when, end <= now { active = "  [past]" }
            return "\(window.id.map(String.init) ?? "-")  \(when)  \(what)\(window.note.map { "  — \($0)" } ?? "")\(active)"
        }
    }

    /// Ends stored window `id` now.
    public func end(_ id: Int64, now: Date = Date()) throws(ApplicationFailure) {
        let ended: Bool
        do {
            ended = try HistoryJob(configuration: configuration).open().endMaintenance(id, at: now)
        } catch {
            throw ApplicationFailure(error)
        }
        if !ended { throw ApplicationFailure(.refused, "error: no maintenance window \(id) that is still to end") }
    }

    /// "90m", "2h", "1d", "45s" as seconds.
    static func seconds(_ text: String) -> Double? {
        guard let unit = text.last, let number = Double(text.dropLast()), number > 0, number.isFinite else { return nil }
        let factors: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        return factors[unit].map { number * $0 }
    }

    private static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
}
