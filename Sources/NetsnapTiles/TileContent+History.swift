import Foundation
import NetsnapModel
import NetsnapWidgets

extension TileContent {
    /// The history a tile shows, or nil when there is none or its gateway series has too
    /// few points for a line — then the tile looks exactly as it does without history.
    var history: HistorySummary? {
        guard let history = widgets.history, history.gatewayLatency.isDrawable else { return nil }
        return history
    }

    /// "2.9–48 ms": the lowest and highest measured gateway latency of the series.
    var gatewayRange: String {
        let values = history?.gatewayLatency.points.compactMap { $0 } ?? []
        guard let low = values.min(), let high = values.max() else { return Self.dash }
        return latencyRange(low, high)
    }

    /// A target's 24 h uptime ("99.8%"); a dash when there is no history or no sample.
    func uptime(ofTarget id: UUID) -> String {
        guard let uptime = history?.targets.first(where: { $0.targetID == id })?.uptime24h else { return Self.dash }
        return percent(uptime)
    }

    func latencyRange(_ low: Double, _ high: Double) -> String {
        let lower = latency(low)
        let upper = latency(high)
        guard lower != upper else { return upper }
        // One unit for both ends: "2.9–48 ms", where the language puts the unit after the number.
        let unit = wording(.milliseconds, ["value": ""])
        guard lower.hasSuffix(unit), !unit.isEmpty else { return lower + " \u{2013} " + upper }
        return lower.dropLast(unit.count) + "\u{2013}" + upper
    }

    /// One decimal, rounded down so a target that missed a check never reads "100%".
    func percent(_ value: Double) -> String { UptimeText.format(value, wording) }
}
