import NetsnapLanguage
import NetsnapWidgets

/// The words for the snapshot's raw values a page shows — states, device types, kinds of
/// link and of source — in the page's language. The POSIX locale keeps `PageFormat.word`'s
/// English ("IoT", "Online"); protocol names (ICMP, TCP…) are the same in every language.
/// `netsnap.js` gets the same table (`ScriptWords`) to word values it updates.
enum PageWords {
    private static let shared: [String: Phrase] = [
        "online": .online, "degraded": .degraded, "offline": .offline, "wifi": .wifi, "ethernet": .ethernet,
        "cellular": .cellular, "none": .noNetwork,
    ]

    private static let own: [String: PagePhrase] = [
        "active": .active, "idle": .idle, "phone": .phone, "laptop": .laptop, "tablet": .tablet, "tv": .tv, "speaker": .speaker,
        "gaming": .gaming, "iot": .iot, "router": .router, "printer": .printer, "unknown": .unknown, "mac": .sourceMac,
        "local": .sourceLocal, "import": .sourceImport,
    ]

    /// Every raw value with a word of its own, sorted (the script's table is the same bytes
    /// on every render).
    static let rawValues = (Array(shared.keys) + Array(own.keys)).sorted()

    /// `raw` as a word in `wording`'s language.
    static func word(_ raw: String, _ wording: Wording = .posix) -> String {
        guard wording.formatLocaleTag != nil else { return PageFormat.word(raw) }
        if let phrase = shared[raw] { return wording(phrase) }
        if let phrase = own[raw] { return wording(phrase) }
        return PageFormat.word(raw)
    }

    /// The network's name as the page shows it: the SSID, or — where `widgets.json` gives
    /// the English stand-in for a hidden SSID or a network without one — that stand-in in the
    /// page's language.
    static func networkName(_ widgets: WidgetSet, _ wording: Wording) -> String {
        let name = widgets.small.networkName
        let standIn: Phrase? =
            switch widgets.small.connectionType {
            case .wifi: name == "Wi-Fi" ? .wifi : nil
            case .ethernet: .ethernet
            case .cellular: .cellular
            case .none: .noNetwork
            }
        return standIn.map { wording($0) } ?? name
    }
}
