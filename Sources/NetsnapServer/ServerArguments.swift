import Foundation
import NetsnapDisplays
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapRender
import NetsnapTiles
import NetsnapWatch

/// What the server is told at start: where to listen, what to serve, whom to let in.
/// A protocol so the command line, the watch loop and tests can each hand in a plain struct.
public protocol ServerArguments: Sendable {
    /// The address to bind, e.g. 127.0.0.1.
    var host: String { get }
    /// The TCP port; 0 picks a free one (tests).
    var port: Int { get }
    /// The output folder whose files are served.
    var outputDirectory: String { get }
    /// How often the outputs are refreshed (seconds).
    var intervalSeconds: Double { get }
    /// How long a snapshot counts as current (seconds).
    var freshnessSeconds: Double { get }
    /// When set, requests outside `publicPaths` must carry this token.
    var token: String? { get }
    /// Request paths served without the token.
    var publicPaths: [String] { get }
    /// At most this many open connections; when all are taken, a new client takes the slot of
    /// the connection that has waited longest without sending a whole request.
    var connectionLimit: Int { get }
    /// At most this many open connections from one IP address; more are refused with a 503.
    var connectionsPerAddress: Int { get }
    /// Seconds a request may take to arrive, from its first byte (or the connection's
    /// accept) to the end of its head.
    var headerTimeoutSeconds: Double { get }
    /// Seconds a connection may stay idle between requests, or go without taking response bytes.
    var requestTimeoutSeconds: Double { get }
    /// Where tiles drawn on demand tell the time.
    var timeZone: TimeZone { get }
    /// The theme of display profiles (`/api/display`, `/tiles/trmnl.png`) unless asked otherwise.
    var displayTheme: TileTheme { get }
    /// The language of tiles drawn on demand and of the wall displays' events.
    var wording: Wording { get }
    /// How grey display profiles show in-between tones.
    var dithering: Dithering { get }
    /// The TRMNL devices `/api/setup` pairs with.
    var trmnlDevices: [MACAddress] { get }
    /// The refresh rate and sleep hours `/api/display` hands to displays.
    var displaySchedule: DisplaySchedule { get }
    /// Tronbyt brightness and dwell (`serve.tronbyt:`).
    var tronbyt: TronbytSettings { get }
    /// The address tiles with room for it (large, displays) show as a QR code; nil: none.
    var qrURL: String? { get }
    /// Hours when tiles drawn on demand without `?theme=` are drawn in the night theme
    /// (colour canvases only), told in `nightTimeZone`; nil: never.
    var night: ClockWindow? { get }
    var nightTimeZone: TimeZone { get }
    /// The state folder where what displays reported (and their logs) is kept; nil: memory only.
    var displayStateDirectory: String? { get }
    /// True when outputs leave out addresses: `displays.json` then shows no MAC.
    var redact: Bool { get }
    /// The peers that may connect (`serve.allowFrom`); empty lets everyone in.
    var allowFrom: [AddressRange] { get }
}

extension ServerArguments {
    /// `max-age` for cacheable responses: a client should not reuse one past the moment new
    /// data is due (the interval) nor past the data's own freshness window.
    var maxAgeSeconds: Int { max(0, Int(min(intervalSeconds, freshnessSeconds).rounded(.down))) }

    /// No night hours unless the arguments say.
    public var night: ClockWindow? { nil }
    public var nightTimeZone: TimeZone { timeZone }
    /// Displays' reports are kept in memory only unless the arguments name a state folder.
    public var displayStateDirectory: String? { nil }
    public var redact: Bool { false }
    public var allowFrom: [AddressRange] { [] }
    public var tronbyt: TronbytSettings { TronbytSettings() }
    public var wording: Wording { .posix }
}
