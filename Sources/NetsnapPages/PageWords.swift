import NetsnapLanguage

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
}
