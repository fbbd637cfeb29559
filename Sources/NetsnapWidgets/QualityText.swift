import NetsnapLanguage

/// Loss and jitter as people read them, shared by pages and tiles: "20 % loss · 4.5 ms
/// jitter", either part alone when the other is absent, nil when both are.
public enum QualityText {
    public static func format(lossPercent: Double?, jitterMs: Double?, _ wording: Wording = .posix) -> String? {
        let parts = [
            lossPercent.map { loss($0, wording) },
            jitterMs.map { wording(.jitter, ["value": LatencyText.format($0, oneDecimalBelow: 99.95, wording)]) },
        ]
        let present = parts.compactMap { $0 }
        return present.isEmpty ? nil : present.joined(separator: wording.separator)
    }

    /// "20 % loss", "6.7 % loss": one decimal, dropped when it is zero, rounding half up as
    /// JavaScript's Math.round does (the page's script writes the same).
    static func loss(_ percent: Double, _ wording: Wording = .posix) -> String {
        wording(.loss, ["value": wording.trimmedDecimal(min(100, max(0, percent)))])
    }
}
