import NetsnapDisplays
import NetsnapModel
import NetsnapSettings

/// The `serve:` section, declared and read by the server that uses it (its `trmnl:` and
/// `tronbyt:` sections by NetsnapDisplays): unknown keys and bad values name the line and key.
extension ServeConfiguration {
    /// The `serve` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = listenKeys + DisplaySchedule.keys + TronbytSettings.keys + advertisingKeys

    private static let listenKeys: [ConfigurationKey] = [
        .init("serve", .section, "How `netsnap serve` listens."),
        .init("serve.host", .string, default: "127.0.0.1", "The address to bind; 127.0.0.1 lets nothing outside this machine connect."),
        .init("serve.port", .integer, default: "8080", "The TCP port (0: any free port)."),
        .init(
            "serve.allowFrom", .list, default: "[]",
            "The only addresses that may connect (IPs or CIDR blocks such as 172.30.32.2 or 10.0.0.0/8); others get a 403. Empty: everyone."
        ),
        .init(
            "serve.token", .string, note: "none: no token", secret: true,
            "When set, every request must carry it (Authorization: Bearer, or TRMNL's Access-Token) except the public paths; 16+ visible ASCII characters."
        ),
        .init(
            "serve.publicPaths", .list, note: "/badge.json and /summary.json when redacted, else none",
            "Paths served without the token."),
        .init(
            "serve.intervalSeconds", .number, note: "`watch.intervalSeconds`", unit: "seconds",
            "How often the outputs are refreshed: the health check's yardstick."),
        .init("serve.connectionLimit", .integer, default: "256", "Open connections at most; the idlest gives way to a new one."),
        .init("serve.connectionsPerAddress", .integer, default: "32", "Open connections from one IP address at most."),
        .init("serve.headerTimeoutSeconds", .number, default: "3", unit: "seconds", "A request's head must arrive within this."),
        .init(
            "serve.requestTimeoutSeconds", .number, default: "10", unit: "seconds", "An idle or stalled connection is closed after this."),
        .init(
            "serve.trmnlDevices", .list, default: "[]",
            "TRMNL devices (MAC addresses) /api/setup pairs with; empty pairs any without a token."),
    ]

    private static let advertisingKeys: [ConfigurationKey] = [
        .init("serve.advertise", .bool, default: "false", "Announce the dashboard on the LAN (DNS-SD _http._tcp) through avahi-daemon."),
        .init("serve.advertiseName", .string, note: "\"netsnap on \" and the host name", "The name it is announced under (1 to 63 bytes)."),
    ]

    /// The `serve:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        var settings = ServeConfiguration()
        try reader.checkDocumentedKeys()
        if let host = try reader.string("host") {
            guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
                throw reader.error("host", "expected an address such as 127.0.0.1 or ::1")
            }
            settings.host = host
        }
        if let port = try reader.integer("port", in: 0...65_535) { settings.port = port }
        if let ranges = try reader.strings("allowFrom") {
            settings.allowFrom = try ranges.map { text throws(ConfigurationError) in
                guard let range = AddressRange(text) else {
                    throw reader.error("allowFrom", "\"\(text)\" is not an IP address or CIDR block such as 172.30.32.2 or 10.0.0.0/8")
                }
                return range
            }
        }
        if let token = try reader.string("token") {
            // Visible ASCII only, so it travels unchanged in a header; long enough not to guess.
            guard token.count >= 16, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw reader.error("token", "expected at least 16 visible ASCII characters without spaces")
            }
            settings.token = token
        }
        if let paths = try reader.strings("publicPaths") {
            for path in paths where !Self.isPlainPath(path) {
                throw reader.error("publicPaths", "\"\(path)\" is not a plain path such as /badge.json")
            }
            settings.publicPaths = paths
        }
        if let interval = try reader.number("intervalSeconds", in: 1...86_400) { settings.intervalSeconds = interval }
        if let limit = try reader.integer("connectionLimit", in: 1...100_000) { settings.connectionLimit = limit }
        if let perAddress = try reader.integer("connectionsPerAddress", in: 1...100_000) { settings.connectionsPerAddress = perAddress }
        if let timeout = try reader.number("headerTimeoutSeconds", in: 0.1...3_600) { settings.headerTimeoutSeconds = timeout }
        if let timeout = try reader.number("requestTimeoutSeconds", in: 0.1...3_600) { settings.requestTimeoutSeconds = timeout }
        if let section = try reader.section("trmnl") { settings.trmnl = try DisplaySchedule(reading: section) }
        if let section = try reader.section("tronbyt") { settings.tronbyt = try TronbytSettings(reading: section) }
        if let advertise = try reader.bool("advertise") { settings.advertise = advertise }
        if let name = try reader.string("advertiseName") {
            // DNS-SD instance names are at most 63 bytes of UTF-8.
            guard !name.isEmpty, name.utf8.count <= 63, !name.contains(where: \.isNewline) else {
                throw reader.error("advertiseName", "expected a name of 1 to 63 bytes on one line")
            }
            settings.advertiseName = name
        }
        if let devices = try reader.strings("trmnlDevices") {
            settings.trmnlDevices = try devices.map { text throws(ConfigurationError) in
                guard let mac = MACAddress(text) else {
                    throw reader.error("trmnlDevices", "\"\(text)\" is not a MAC address such as AA:BB:CC:DD:EE:FF")
                }
                return mac
            }
        }
        self = settings
    }

    /// A path that starts with "/" and has no empty, "." or ".." segments, escapes or backslashes.
    static func isPlainPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.contains("%"), !path.contains("\\") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

}
