import NetsnapLanguage
import NetsnapModel

/// A link as people read it where Wi-Fi would show signal bars, shared by pages, tiles and
/// feeds: "Ethernet · 1 Gb/s", "Cellular", "Ethernet · 2.5 Gb/s".
public enum LinkText {
    /// "100 Mb/s", "1 Gb/s", "2.5 Gb/s", "10 Gb/s": decimal units, as links are sold.
    public static func speed(_ megabits: Int, _ wording: Wording = .posix) -> String {
        guard megabits >= 1_000 else { return wording(.megabitsPerSecond, ["value": wording.integer(megabits)]) }
        let tenths = (megabits + 50) / 100
        let value = wording.decimal(Double(tenths) / 10, fractionDigits: tenths % 10 == 0 ? 0 : 1)
        return wording(.gigabitsPerSecond, ["value": value])
    }

    /// The kind and, when known, the speed; nil for Wi-Fi (its signal says more) and for no
    /// network at all.
    public static func label(_ kind: NetworkStatus.ConnectionType, speedMbps: Int?, _ wording: Wording = .posix) -> String? {
        let word: String
        switch kind {
        case .ethernet: word = wording(.ethernet)
        case .cellular: word = wording(.cellular)
        case .wifi, .none: return nil
        }
        return speedMbps.map { word + wording.separator + speed($0, wording) } ?? word
    }

    /// Whether signal readings belong to this kind of link: a wired link has none, whatever
    /// a producer wrote.
    public static func hasSignal(_ kind: NetworkStatus.ConnectionType) -> Bool {
        kind == .wifi || kind == .cellular
    }
}
