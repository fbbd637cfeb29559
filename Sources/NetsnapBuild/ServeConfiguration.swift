import NetsnapModel

/// The `serve:` section of the config file: where `netsnap serve` listens, whom it lets in
/// and how long it waits for slow clients. Flags override it.
public struct ServeConfiguration: Sendable, Equatable {
    /// The address to bind (default 127.0.0.1: nothing outside this machine can connect).
    public var host: String = "127.0.0.1"
    /// The TCP port (default 8080).
    public var port: Int = 8080
    /// When set, every request must carry it (`Authorization: Bearer …` or TRMNL's
    /// `Access-Token`) except the public paths.
    public var token: String?
    /// Paths served without the token; nil means the default (`/badge.json` and
    /// `/summary.json`, and only when the outputs are redacted).
    public var publicPaths: [String]?
    /// How often the outputs are refreshed (seconds): the health check's yardstick. Nil means
    /// the watch interval (`watch.intervalSeconds`), which is right whenever `watch` is what
    /// refreshes them.
    public var intervalSeconds: Double?
    /// At most this many open connections. When all are taken, a new client takes the slot of
    /// the connection that has gone longest without sending a whole request; only when every
    /// one is being served do further clients wait in the listen queue.
    public var connectionLimit: Int = 256
    /// At most this many open connections from one IP address; more are refused with a 503.
    /// Raise it behind a reverse proxy, whose clients all arrive from one address.
    public var connectionsPerAddress: Int = 32
    /// A request must arrive whole (its head) within this many seconds of its first byte,
    /// or of the accept for a connection's first request; else the connection is closed.
    public var headerTimeoutSeconds: Double = 3
    /// A connection idle between requests, or taking no response bytes, for this long
    /// (seconds) is closed.
    public var requestTimeoutSeconds: Double = 10
    /// TRMNL devices (MAC addresses) that `GET /api/setup` pairs with. With a token, only
    /// these get it; without one, an empty list pairs any device.
    public var trmnlDevices: [MACAddress] = []
    /// How often TRMNL displays refresh, and when they sleep (`serve.trmnl:`).
    public var trmnl = DisplaySchedule()
    /// Announce the dashboard on the LAN (DNS-SD `_http._tcp`, TXT `path=/`) through the
    /// system's avahi-daemon, so a tablet finds it (default off).
    public var advertise = false
    /// The name it is announced under; nil means "netsnap on " and the host name.
    public var advertiseName: String?

    public init() {}

    static let keys = [
        "host", "port", "token", "publicPaths", "intervalSeconds", "connectionLimit", "connectionsPerAddress", "headerTimeoutSeconds",
        "requestTimeoutSeconds", "trmnlDevices", "trmnl", "advertise", "advertiseName",
    ]

    /// Reads the section strictly: unknown keys and bad values name the line and key.
    init(_ reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(Self.keys)
        if let host = try reader.string("host") {
            guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
                throw reader.error("host", "expected an address such as 127.0.0.1 or ::1")
            }
            self.host = host
        }
        if let port = try reader.integer("port", in: 0...65_535) { self.port = port }
        if let token = try reader.string("token") {
            // Visible ASCII only, so it travels unchanged in a header; long enough not to guess.
            guard token.count >= 16, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw reader.error("token", "expected at least 16 visible ASCII characters without spaces")
            }
            self.token = token
        }
        if let paths = try reader.strings("publicPaths") {
            for path in paths where !Self.isPlainPath(path) {
                throw reader.error("publicPaths", "\"\(path)\" is not a plain path such as /badge.json")
            }
            publicPaths = paths
        }
        if let interval = try reader.number("intervalSeconds", in: 1...86_400) { intervalSeconds = interval }
        if let limit = try reader.integer("connectionLimit", in: 1...100_000) { connectionLimit = limit }
        if let perAddress = try reader.integer("connectionsPerAddress", in: 1...100_000) { connectionsPerAddress = perAddress }
        if let timeout = try reader.number("headerTimeoutSeconds", in: 0.1...3_600) { headerTimeoutSeconds = timeout }
        if let timeout = try reader.number("requestTimeoutSeconds", in: 0.1...3_600) { requestTimeoutSeconds = timeout }
        if let section = try reader.section("trmnl") { trmnl = try DisplaySchedule(section) }
        if let advertise = try reader.bool("advertise") { self.advertise = advertise }
        if let name = try reader.string("advertiseName") {
            // DNS-SD instance names are at most 63 bytes of UTF-8.
            guard !name.isEmpty, name.utf8.count <= 63, !name.contains(where: \.isNewline) else {
                throw reader.error("advertiseName", "expected a name of 1 to 63 bytes on one line")
            }
            advertiseName = name
        }
        if let devices = try reader.strings("trmnlDevices") {
            trmnlDevices = try devices.map { text throws(ConfigurationError) in
                guard let mac = MACAddress(text) else {
                    throw reader.error("trmnlDevices", "\"\(text)\" is not a MAC address such as AA:BB:CC:DD:EE:FF")
                }
                return mac
            }
        }
    }

    /// A path that starts with "/" and has no empty, "." or ".." segments, escapes or backslashes.
    static func isPlainPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.contains("%"), !path.contains("\\") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
