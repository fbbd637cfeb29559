/// Every message netsnap shows a person, by its English text (the gettext `msgid`). The
/// catalogues in `po/` translate these; a test keeps `po/netsnap.pot` and each shipped
/// catalogue in step with this list. `{name}` marks a value filled in at run time.
public enum Phrase: String, MessageText {
    // The overall state and freshness.
    case online = "Online"
    case degraded = "Degraded"
    case offline = "Offline"
    case stale = "Stale"
    // What joins two facts on one line ("Stale · 8 min", "44 ms · 20 % loss"). Arabic writes
    // its comma: a middle dot beside Arabic-Indic digits reads as their zero (٠).
    case separator = "separator\u{04} · "
    // What joins the items of a list ("20 % loss, 45 ms jitter"): "، " in Arabic, "、" in Japanese.
    case listSeparator = "list separator\u{04}, "
    // A name with what tells it apart ("NAS (192.168.1.10, icmp)"); Japanese brackets are full-width.
    case withDetail = "{name} ({detail})"
    // The same four on a 64 × 32 LED matrix: at most 8 letters wide (10 on a 128 × 64).
    case ledOnline = "LED\u{04}Online"
    case ledDegraded = "LED\u{04}Degraded"
    case ledOffline = "LED\u{04}Offline"
    case ledStale = "LED\u{04}Stale"
    case updatedAt = "Updated {time}"
    case staleForAge = "Stale · {age}"
    case staleForAgeSince = "Stale · {age} — since {date}"
    case staleSince = "Stale since {date}"
    case staleOnDay = "Stale · {day}"
    case clockAheadByAge = "Clock ahead · {age}"
    case clockAheadByAgeDated = "Clock ahead · {age} — dated {date}"
    case clockAheadDated = "Clock ahead dated {date}"
    case clockAheadOnDay = "Clock ahead · {day}"
    // Maintenance.
    case maintenance = "Maintenance"
    case maintenanceWith = "Maintenance · {detail}"
    case maintenanceOfEverything = "Maintenance of the whole network"
    case maintenanceOf = "Maintenance: {targets}"
    // The maintenance sentence and the windows' notes, which people wrote in their own words.
    case maintenanceWithNotes = "{maintenance} — {notes}"
    // What joins two windows' notes ("firmware update; new disks"): "؛ " in Arabic.
    case noteSeparator = "note separator\u{04}; "
    // The connection.
    case wifi = "Wi-Fi"
    case ethernet = "Ethernet"
    case cellular = "Cellular"
    case noNetwork = "No network"
    case wired = "Wired"
    case signal = "Signal"
    case link = "Link"
    case band = "Band"
    case channel = "Ch {channel}"
    case gateway = "Gateway"
    case gatewayAbbreviated = "GW"
    case gatewayLastDay = "Gateway 24 h"
    case publicIP = "Public IP"
    case gatewayIP = "Gateway IP"
    case provider = "Provider"
    // Targets and devices.
    case targets = "Targets"
    case devices = "Devices"
    case noTargets = "No targets"
    case noDevices = "No devices"
    case down = "Down"
    // A device's kind, where its name is its address: the contract's own words in English.
    case devicePhone = "device type\u{04}phone"
    case deviceLaptop = "device type\u{04}laptop"
    case deviceTablet = "device type\u{04}tablet"
    case deviceTV = "device type\u{04}tv"
    case deviceSpeaker = "device type\u{04}speaker"
    case deviceGaming = "device type\u{04}gaming"
    case deviceIoT = "device type\u{04}iot"
    case deviceRouter = "device type\u{04}router"
    case devicePrinter = "device type\u{04}printer"
    case deviceUnknown = "device type\u{04}unknown"
    case activeOfTotal = "{active} of {total} active"
    case activeSlashTotal = "{active}/{total} active"
    case upSlashTotal = "{up}/{total} up"
    // Units: the value comes in the locale's digits.
    case milliseconds = "{value} ms"
    case decibelMilliwatts = "{value} dBm"
    case megabitsPerSecond = "{value} Mb/s"
    case gigabitsPerSecond = "{value} Gb/s"
    case loss = "{value} % loss"
    case jitter = "{value} jitter"
    // shields.io badges: the default label, and how many targets answer.
    case badgeNetwork = "badge\u{04}network"
    case targetsAnswering = "{online}/{total} targets"
    // The dashboard's address as a QR code.
    case noDashboardAddress = "No dashboard address to show"
    case setPublicURL = "Set publicURL in the config for a QR code here"
    case scanForDashboard = "Scan for the dashboard"
    case dashboard = "Dashboard"
    // The wall of sites.
    case noSites = "no sites"
    case allSites = "all sites"
    case siteOnline = "site state\u{04}online"
    case siteDegraded = "site state\u{04}degraded"
    case siteOffline = "site state\u{04}offline"
    case siteStale = "site state\u{04}stale"
    case siteUnknown = "site state\u{04}unknown"
    case siteLost = "site state\u{04}lost"
    case siteInvalid = "site state\u{04}invalid"
    case healthyOfTotal = "{healthy}/{total} OK"
    // Feeds and notifications.
    case feedTitle = "netsnap — {network}"
    case wallFeedTitle = "netsnap — sites of {wall}"
    case networkEvents = "Network events: targets down and recovered, new devices, gateway and connection changes."
    case incidentDown = "Incident: {name} down"
    case incidentLost = "Incident: {name} lost"
    case resolvedDown = "Resolved: {name} was down for {duration}"
    case resolvedLost = "Resolved: {name} was lost for {duration}"
    case incidentUntil = "Since {start}, until {end}."
    case incidentClosedByHand = "Since {start}, until {end} (closed by hand)."
    case incidentOngoing = "Since {start}, ongoing."
    case incidentCause = "Cause: {cause}."
    case incidentNote = "Note: {note}"
    case clockAheadWith = "Clock ahead · {title}"
}

/// A message without a count: its raw value is its English text (the `msgid`), after an
/// optional context and U+0004. Each surface has its enum of them (`Phrase`, `PagePhrase`…);
/// `scripts/update-catalogues.py` reads every `*Phrase.swift` of this module into the template.
public protocol MessageText: RawRepresentable<String>, CaseIterable, Sendable {}

/// A message whose words change with a count: the raw value is the English singular.
public protocol CountedMessageText: RawRepresentable<String>, CaseIterable, Sendable {
    /// The English plural form.
    var plural: String { get }
}

/// The catalogue key of a message: gettext joins a context and the English text with U+0004.
func catalogueKey(_ raw: String) -> MessageCatalogue.Key {
    guard let mark = raw.firstIndex(of: "\u{04}") else { return .init(id: raw) }
    return .init(context: String(raw[..<mark]), id: String(raw[raw.index(after: mark)...]))
}

/// A message whose words change with a count: its English singular (the `msgid`) and plural
/// (`msgid_plural`); a catalogue gives as many forms as its language's plural rule has.
public enum CountPhrase: String, CountedMessageText {
    case seconds = "{count} s"
    case minutes = "{count} min"
    case hours = "{count} h"
    case days = "{count} day"
    /// A span of days ("30 days" of uptime), not an age: in a context of its own, as
    /// languages abbreviate ages ("2 Tg.") but not spans ("30 Tage").
    case daySpan = "span\u{04}{count} day"
    case more = "+ {count} more"
    case sitesOK = "{healthy} of {count} site OK"

    public var plural: String {
        switch self {
        case .seconds, .minutes, .hours, .more: rawValue
        case .days: "{count} days"
        case .daySpan: "{count} days"
        case .sitesOK: "{healthy} of {count} sites OK"
        }
    }
}
