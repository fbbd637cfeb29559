/// Loss and jitter as people read them, shared by pages and tiles: "20 % loss · 4.5 ms
/// jitter", either part alone when the other is absent, nil when both are.
public enum QualityText {
    public static func format(lossPercent: Double?, jitterMs: Double?) -> String? {
        let parts = [lossPercent.map(loss), jitterMs.map { LatencyText.format($0, oneDecimalBelow: 99.95) + " jitter" }]
        let present = parts.compactMap { $0 }
        return present.isEmpty ? nil : present.joined(separator: " · ")
    }

    /// "20 % loss", "6.7 % loss": one decimal, dropped when it is zero, rounding half up as
    /// JavaScript's Math.round does (the page's script writes the same).
    static func loss(_ percent: Double) -> String {
        let tenths = Int((min(100, max(0, percent)) * 10).rounded(.toNearestOrAwayFromZero))
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " % loss"
    }
}
