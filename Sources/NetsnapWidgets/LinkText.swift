import NetsnapModel

/// A link as people read it where Wi-Fi would show signal bars, shared by pages, tiles and
/// feeds: "Ethernet · 1 Gb/s", "Cellular", "Ethernet · 2.5 Gb/s".
public enum LinkText {
    /// "100 Mb/s", "1 Gb/s", "2.5 Gb/s", "10 Gb/s": decimal units, as links are sold.
    public static func speed(_ megabits: Int) -> String {
        guard megabits >= 1_000 else { return "\(megabits) Mb/s" }
        let tenths = (megabits + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) Gb/s" : "\(tenths / 10).\(tenths % 10) Gb/s"
    }

    /// The kind and, when known, the speed; nil for Wi-Fi (its signal says more) and for no
    /// network at all.
    public static func label(_ kind: NetworkStatus.ConnectionType, speedMbps: Int?) -> String? {
        let word: String
        switch kind {
        case .ethernet: word = "Ethernet"
        case .cellular: word = "Cellular"
        case .wifi, .none: return nil
        }
        return speedMbps.map { "\(word) \u{00B7} \(speed($0))" } ?? word
    }

    /// Whether signal readings belong to this kind of link: a wired link has none, whatever
    /// a producer wrote.
    public static func hasSignal(_ kind: NetworkStatus.ConnectionType) -> Bool {
        kind == .wifi || kind == .cellular
    }
}
