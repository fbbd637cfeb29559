import NetsnapDisplays
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
    /// Tronbyt brightness and dwell (`serve.tronbyt:`).
    public var tronbyt = TronbytSettings()
    /// Announce the dashboard on the LAN (DNS-SD `_http._tcp`, TXT `path=/`) through the
    /// system's avahi-daemon, so a tablet finds it (default off).
    public var advertise = false
    /// The name it is announced under; nil means "netsnap on " and the host name.
    public var advertiseName: String?
    /// The peers that may connect at all; others get a 403 and the connection is closed.
    /// Empty (the default) lets everyone in. Bound on every address for Home Assistant's
    /// ingress, the server must still answer its proxy only (docs/homeassistant.md).
    public var allowFrom: [AddressRange] = []

    public init() {}
}
