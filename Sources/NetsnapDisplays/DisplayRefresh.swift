import Foundation
import NIOConcurrencyHelpers
import NetsnapRender
import NetsnapWidgets

/// The `refresh_rate` a display is handed, from what is happening and not only from the
/// clock: inside the sleep hours, the sleep (nothing wakes a sleeper); else the alert rate
/// (`serve.trmnl.alertRefreshSeconds`) while anything is down or degraded, the data is
/// stale, or the picture's news changed within the last normal period — so a wall shows an
/// outage, and its end, within minutes; else the normal rate. A display whose battery is low
/// waits twice as long either way, to last until someone charges it.
package final class DisplayRefresh: Sendable {
    package let schedule: DisplaySchedule
    package let timeZone: TimeZone
    private let news = NIOLockedValueBox(News())

    /// The last news seen and when it changed.
    private struct News {
        var signature: NewsSignature?
        var changedAt: Date = .distantPast
    }

    /// What the wall's news consist of: the verdict and how many targets answer.
    package struct NewsSignature: Equatable {
        let overall: OverallStatus
        let targetsOnline: Int
        let targetsTotal: Int

        init(_ widgets: WidgetSet) {
            overall = widgets.overall
            targetsOnline = widgets.medium.targetsOnline
            targetsTotal = widgets.medium.targetsTotal
        }
    }

    package init(schedule: DisplaySchedule, timeZone: TimeZone) {
        self.schedule = schedule
        self.timeZone = timeZone
    }

    /// Seconds until the display should ask again, at `date`, with `widgets` the newest data
    /// (nil: none to judge by), `lowBattery` whether its charge is under the threshold and
    /// `calmSeconds` its own rate while all is calm (nil: the schedule's).
    package func seconds(at date: Date, widgets: WidgetSet?, lowBattery: Bool, calmSeconds: Int? = nil) -> Int {
        let scheduled = schedule.refreshSeconds(at: date, timeZone: timeZone)
        let urgent = widgets.map { isNewsworthy($0, at: date) } ?? false
        // Asleep: the schedule gives the seconds until morning, longer than the usual rate.
        guard scheduled <= schedule.refreshSeconds else { return scheduled }
        let calm = calmSeconds ?? schedule.refreshSeconds
        let rate = urgent ? min(schedule.alertRefreshSeconds, calm) : calm
        return lowBattery ? rate * 2 : rate
    }

    /// True while anything is down, degraded or stale, or the news changed within the last
    /// normal period (the first look at the data is not a change).
    package func isNewsworthy(_ widgets: WidgetSet, at date: Date) -> Bool {
        let signature = NewsSignature(widgets)
        let changedAt = news.withLockedValue { news in
            if let known = news.signature, known != signature { news.changedAt = date }
            news.signature = signature
            return news.changedAt
        }
        let recentlyChanged = date.timeIntervalSince(changedAt) < TimeInterval(schedule.refreshSeconds)
        return widgets.overall != .online || widgets.isStale(at: date) || recentlyChanged
    }
}
