/// The last 30 days of the target with the lowest 30-day uptime, as the large and TRMNL
/// tiles draw it: one mark a day. Plain values, carried in `HistorySummary` so a server
/// that draws tiles on demand has it too.
public struct UptimeStrip: Sendable, Equatable, Codable {
    public var name: String
    /// The worst state of each day, oldest first, the last one today.
    public var days: [UptimeReport.Worst]
    /// The 30-day uptime; nil without data.
    public var percent: Double?

    /// Days in a strip.
    public static let dayCount = 30

    public init(name: String, days: [UptimeReport.Worst], percent: Double?) {
        self.name = name
        self.days = days
        self.percent = percent
    }

    /// The strip of the target in `report` whose 30-day uptime is lowest (the first of
    /// equals, in snapshot order); nil when no target has data in those days.
    public init?(worstTargetOf report: UptimeReport) {
        let measured = report.series.filter { $0.kind == .target && $0.percent30d != nil }
        guard let worst = measured.min(by: { ($0.percent30d ?? 100) < ($1.percent30d ?? 100) }) else { return nil }
        self.init(name: worst.name, days: worst.days.suffix(Self.dayCount).map(\.worst), percent: worst.percent30d)
    }
}
