import Foundation
import NetsnapDisplays
import NetsnapModel
import NetsnapRaster
import NetsnapRender
import NetsnapServer
import NetsnapTiles
import NetsnapWatch

/// Plain server arguments for tests: a free port on loopback, and timeouts long enough that a
/// busy machine running the suites in parallel never trips them (tests of the timeouts set their own).
struct TestArguments: ServerArguments {
    var host = "127.0.0.1"
    var port = 0
    var outputDirectory: String
    var intervalSeconds: Double = 30
    var freshnessSeconds: Double = 300
    var token: String?
    var publicPaths: [String] = []
    var connectionLimit = 64
    var connectionsPerAddress = 64
    var headerTimeoutSeconds: Double = 30
    var requestTimeoutSeconds: Double = 30
    var timeZone = TimeZone(identifier: "Europe/Zurich")!
    var displayTheme = TileTheme.light
    var dithering = Dithering.ordered
    var trmnlDevices: [MACAddress] = []
    var displaySchedule = DisplaySchedule()
    var tronbyt = TronbytSettings()
    var qrURL: String?
    var night: ClockWindow?
    var displayStateDirectory: String?
    var redact = false
}
