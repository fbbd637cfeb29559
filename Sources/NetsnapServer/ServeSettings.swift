import Foundation
import NetsnapBuild
import NetsnapModel
import NetsnapRaster
import NetsnapTiles

/// The `ServerArguments` of `netsnap serve`: the config file's `serve:` section and the
/// output settings, after flags have been applied to the configuration.
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
    public var displayTheme: TileTheme
    public var dithering: Dithering
    public var trmnlDevices: [MACAddress]
    public var displaySchedule: DisplaySchedule
    public var qrURL: String?
    public var night: ClockWindow?
    public var nightTimeZone: TimeZone
    public var displayStateDirectory: String?
    public var redact: Bool

    /// The outputs that stay readable without the token when none are configured: only the
    /// two small feeds, and only when redaction removed addresses, MACs and hostnames.
    public static let redactedPublicPaths = ["/badge.json", "/summary.json"]

    public init(configuration: NetsnapConfiguration) {
        let serve = configuration.serve
        host = serve.host
        port = serve.port
        outputDirectory = configuration.outputDirectory
        intervalSeconds = serve.intervalSeconds ?? configuration.watchInterval
        freshnessSeconds = configuration.widgets.freshnessSeconds
        token = serve.token
        publicPaths = serve.publicPaths ?? (configuration.redact ? Self.redactedPublicPaths : [])
        connectionLimit = serve.connectionLimit
        connectionsPerAddress = serve.connectionsPerAddress
        headerTimeoutSeconds = serve.headerTimeoutSeconds
        requestTimeoutSeconds = serve.requestTimeoutSeconds
        timeZone = configuration.tiles.timeZone
        displayTheme = configuration.tiles.displayTheme
        dithering = configuration.tiles.dithering
        trmnlDevices = serve.trmnlDevices
        displaySchedule = serve.trmnl
        qrURL = configuration.publicURL
        night = configuration.night
        nightTimeZone = configuration.timeZone
        displayStateDirectory = StateDirectory.resolve(option: configuration.stateDirectory)
        redact = configuration.redact
    }
}
