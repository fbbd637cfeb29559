import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapQR
import NetsnapSettings

/// The top-level keys the outputs use and the `events:` feed keys, declared and read by the
/// module that renders: `publicURL`, `timeZone` and the night hours are set here once and
/// handed to the tiles and pages, whose own sections may then override them.
extension RenderSettings {
    /// The output folder, the status thresholds, the badge and redaction.
    public static let outputKeys: [ConfigurationKey] = [
        .init("output", .string, default: "Output", "The output folder every render writes into."),
        .init(
            "freshnessSeconds", .number, default: "300", unit: "seconds",
            "A snapshot older than this is stale: `expiresAt` = its time + this."),
        .init(
            "latencyThresholdMs", .number, default: "100", unit: "milliseconds", "Gateway latency above this makes the network degraded."),
        .init(
            "lossThresholdPercent", .number, default: "5", unit: "percent",
            "A target losing more of its echoes than this is degraded, and so is the network."),
        .init(
            "jitterThresholdMs", .number, default: "30", unit: "milliseconds",
            "A target whose jitter is above this is degraded, and so is the network."),
        .init(
            "badgeLabel", .string, default: "network",
            "The shields.io badge's label; the default is worded in `locale`'s language (`Netzwerk`)."),
        .init("redact", .bool, default: "false", "Remove the public IP, MAC addresses, device IPs and hostnames from every output."),
    ]

    /// Where the outputs are published, and the time they tell.
    public static let placeKeys: [ConfigurationKey] = [
        .init(
            "publicURL", .string, note: "none: feeds name no address",
            "Where the outputs are published (http or https); feeds link to it, tiles and the dashboard show it as a QR code."),
        .init(
            "timeZone", .string, note: "the host's time zone", "Where every surface tells the time (an IANA name such as Europe/Zurich)."),
        .init(
            "nightFrom", .string, note: "none", unit: "HH:MM",
            "Start of the night hours (pages and colour tiles in the night theme); goes with nightUntil."),
        .init("nightUntil", .string, note: "none", unit: "HH:MM", "End of the night hours; goes with nightFrom."),
        .init(
            "locale", .string, note: "the host's LC_ALL, LC_MESSAGES or LANG; else C (English, fixed formats)",
            "The household's language for every surface a person reads (BCP 47, e.g. de-DE, fr-CA, ar-EG, ja-JP; en-XA is a pseudo-locale for testing layouts). Machine-readable fields and logs stay English."
        ),
        .init(
            "clock", .string, default: "locale", "How clock times read: 24h, 12h, or locale (the locale's own custom)."),
    ]

    /// The feeds' keys of the `events:` section.
    public static let feedKeys: [ConfigurationKey] = [
        .init("events.feedItems", .integer, default: "100", "Items in feed.json and feed.xml."),
        .init("events.title", .string, note: "\"netsnap — \" and the network name", "The feeds' title."),
    ]

    /// The top-level keys and `events:` of the whole file (`reader` at its root).
    public mutating func read(_ reader: ConfigurationReader) throws(ConfigurationError) {
        if let output = try reader.string("output") { outputDirectory = output }
        if let seconds = try reader.number("freshnessSeconds", in: 1...31_536_000) { widgets.freshnessSeconds = seconds }
        if let threshold = try reader.number("latencyThresholdMs", in: 0...600_000) { widgets.latencyThresholdMs = threshold }
        if let threshold = try reader.number("lossThresholdPercent", in: 0...100) { widgets.lossThresholdPercent = threshold }
        if let threshold = try reader.number("jitterThresholdMs", in: 0...600_000) { widgets.jitterThresholdMs = threshold }
        if let label = try reader.string("badgeLabel") { badgeLabel = label }
        if let redact = try reader.bool("redact") { self.redact = redact }
        if let url = try Self.publicURL(reader) {
            publicURL = url
            tiles.qrURL = url
            pages.qrURL = url
        }
        if let zone = try reader.timeZone() {
            timeZone = zone
            tiles.timeZone = zone
            pages.timeZone = zone
        }
        if let wording = try reader.wording() { self.wording = wording }
        if let night = try Self.nightHours(reader) {
            self.night = night
            pages.night = night
        }
        if let events = try reader.section("events") {
            if let items = try events.integer("feedItems", in: 1...10_000) { feedItems = items }
            if let title = try events.string("title") { feedTitle = title }
        }
    }

    /// `publicURL`: an http or https address, whose QR code needs libqrencode.
    private static func publicURL(_ reader: ConfigurationReader) throws(ConfigurationError) -> String? {
        guard let url = try reader.string("publicURL") else { return nil }
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased()), parsed.host != nil else {
            throw reader.error("publicURL", "expected an http or https address such as https://example.org/netsnap/")
        }
        if let problem = QRMatrix.encoderProblem {
            throw reader.error("publicURL", "its QR code needs libqrencode (apt-get install libqrencode4), but \(problem)")
        }
        return url
    }

    /// `nightFrom` and `nightUntil` ("22:00", "07:00"): both or neither, and not the same time.
    private static func nightHours(_ reader: ConfigurationReader) throws(ConfigurationError) -> ClockWindow? {
        var minutes: [Int] = []
        for key in ["nightFrom", "nightUntil"] {
            guard let text = try reader.string(key) else { continue }
            guard let value = ClockWindow.minutes(text) else {
                throw reader.error(key, "expected a time such as \"22:00\", found \"\(text)\"")
            }
            minutes.append(value)
        }
        if minutes.isEmpty { return nil }
        guard minutes.count == 2 else {
            throw reader.error(try reader.string("nightFrom") == nil ? "nightFrom" : "nightUntil", "nightFrom and nightUntil go together")
        }
        guard let window = ClockWindow(from: minutes[0], until: minutes[1]) else {
            throw reader.error("nightUntil", "nightFrom and nightUntil must differ")
        }
        return window
    }
}

extension ConfigurationReader {
    /// The `locale` and `clock` keys of this section (the top level, a TRMNL panel), checked
    /// by `Wording.choose`; nil when neither is set.
    public func wording() throws(ConfigurationError) -> Wording? {
        let locale = try string("locale")
        let clock = try string("clock")
        do throws(WordingChoiceError) {
            return try Wording.choose(locale: locale, clock: clock)
        } catch {
            throw self.error(error.key, error.message)
        }
    }
}
