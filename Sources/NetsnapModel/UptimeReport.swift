import Foundation

/// Uptime over the last 90 days, by local day, for the gateway, the internet and each target:
/// what a status page's bars show. Plain values, so renderers stay pure.
public struct UptimeReport: Sendable, Equatable {
    /// The worst a day saw, in the order a bar is coloured by.
    public enum Worst: String, Sendable, Equatable, CaseIterable, Codable {
        case up, degraded, down, maintenance, nodata
    }

    /// One local day.
    public struct Day: Sendable, Equatable {
        /// The local date, `yyyy-MM-dd`.
        public var date: String
        /// The share of observed checks that succeeded; nil for a day without data.
        public var upPercent: Double?
        public var worst: Worst
        /// Outages that began that day.
        public var incidents: Int

        public init(date: String, upPercent: Double?, worst: Worst, incidents: Int) {
            self.date = date
            self.upPercent = upPercent
            self.worst = worst
            self.incidents = incidents
        }
    }

    /// One thing watched.
    public struct Series: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            case gateway, internet, target
        }

        public var kind: Kind
        /// The target's id; nil for the gateway and the internet.
        public var targetID: UUID?
        public var name: String
        /// Oldest first, the last one today.
        public var days: [Day]
        /// Observed uptime over the last 24 h, 7, 30 and 90 days; nil without data.
        public var percent24h: Double?
        public var percent7d: Double?
        public var percent30d: Double?
        public var percent90d: Double?

        public init(
            kind: Kind, targetID: UUID?, name: String, days: [Day], percent24h: Double?, percent7d: Double?, percent30d: Double?,
            percent90d: Double?
        ) {
            self.kind = kind
            self.targetID = targetID
            self.name = name
            self.days = days
            self.percent24h = percent24h
            self.percent7d = percent7d
            self.percent30d = percent30d
            self.percent90d = percent90d
        }
    }

    /// The moment the report runs up to.
    public var endsAt: Date
    /// The zone the days are told in.
    public var timeZone: TimeZone
    /// The gateway, the internet, then the targets in snapshot order.
    public var series: [Series]

    public init(endsAt: Date, timeZone: TimeZone, series: [Series]) {
        self.endsAt = endsAt
        self.timeZone = timeZone
        self.series = series
    }

    /// Days in a report.
    public static let days = 90
}
