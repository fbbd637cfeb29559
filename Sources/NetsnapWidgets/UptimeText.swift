import NetsnapLanguage

/// A share of successful checks as people read it, shared by pages and tiles: "99.8%".
public enum UptimeText {
    /// One decimal, rounded down so a target that missed a check never reads "100%".
    public static func format(_ percent: Double, _ wording: Wording = .posix) -> String {
        guard percent < 100 else { return wording.percent(100, fractionDigits: 0) }
        let tenths = min(999, max(0, Int((percent * 10).rounded(.down))))
        return wording.percent(Double(tenths) / 10, fractionDigits: 1)
    }
}
