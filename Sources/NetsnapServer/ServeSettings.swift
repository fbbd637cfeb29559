import Foundation
import NetsnapDisplays
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapRender
import NetsnapTiles
import NetsnapWatch

/// The `ServerArguments` of `netsnap serve`: the config file's `serve:` section and the
/// output settings, after the file, environment and flags were applied.
public struct ServeSettings: ServerArguments, Equatable {
    public var host: String
    public var port: Int
    public var outputDirectory: String
    public var intervalSeconds: Double
    public var freshnessSeconds: Double
    public var token: String?
    public var publicPaths: [String]
    public var connectionLimit: Int
    public var connectionsPerAddress: Int
    public var headerTimeoutSeconds: Double
    public var requestTimeoutSeconds: Double
    public var timeZone: TimeZone
    /// The language tiles drawn on demand and the displays' events speak (`locale`, `clock`).
    public var wording: Wording
    public var displayTheme: TileTheme
    public var dithering: Dithering
    public var trmnlDevices: [MACAddress]
    public var displaySchedule: DisplaySchedule
    public var tronbyt: TronbytSettings
    public var qrURL: String?
    public var night: ClockWindow?
    public var nightTimeZone: TimeZone
    public var displayStateDirectory: String?
    public var redact: Bool
    public var allowFrom: [AddressRange]

    /// The outputs that stay readable without the token when none are configured: only the
    /// two small feeds, and only when redaction removed addresses, MACs and hostnames.
    public static let redactedPublicPaths = ["/badge.json", "/summary.json"]

    /// The server's settings from its own section, the outputs' settings and the watch
    /// settings (its state folder keeps the displays' records). `loopInProcess`: the watch
    /// loop runs in this process (`serve --watch`).
    public init(serve: ServeConfiguration, render: RenderSettings, watch: WatchSettings, loopInProcess: Bool = false) {
        host = serve.host
        port = serve.port
        outputDirectory = render.outputDirectory
        // The health check's yardstick: the loop's own interval when it runs here, whatever
        // `serve.intervalSeconds` says; else `serve.intervalSeconds`, else the watch interval.
        intervalSeconds = loopInProcess ? watch.intervalSeconds : serve.intervalSeconds ?? watch.intervalSeconds
        freshnessSeconds = render.widgets.freshnessSeconds
        token = serve.token
        publicPaths = serve.publicPaths ?? (render.redact ? Self.redactedPublicPaths : [])
        connectionLimit = serve.connectionLimit
        connectionsPerAddress = serve.connectionsPerAddress
        headerTimeoutSeconds = serve.headerTimeoutSeconds
        requestTimeoutSeconds = serve.requestTimeoutSeconds
        timeZone = render.tiles.timeZone
        wording = render.tiles.wording
        displayTheme = render.tiles.displayTheme
        dithering = render.tiles.dithering
        trmnlDevices = serve.trmnlDevices
        displaySchedule = serve.trmnl
        tronbyt = serve.tronbyt
        qrURL = render.publicURL
        night = render.night
        nightTimeZone = render.timeZone
        displayStateDirectory = StateDirectory.resolve(option: watch.stateDirectory)
        redact = render.redact
        allowFrom = serve.allowFrom
    }
}
