import Foundation
import HTTPTypes
import Hummingbird
import NetsnapModel
import NetsnapTiles

/// `GET /tronbyt/<device>/next`: what a Tronbyt (or Tidbyt on Tronbyt firmware) fetches — the
/// 64 × 32 LED tile as lossless WebP, with the headers its firmware reads (`remote.c` in
/// tronbyt/firmware-esp32): `Tronbyt-Dwell-Secs`, how long to show it before asking again,
/// which follows the news like a TRMNL's `refresh_rate` (`DisplayRefresh`), and
/// `Tronbyt-Brightness` (0–100): full by day, dimmed inside the configured night hours.
/// The device name in the path only has to be a plain name; the token, when configured, is
/// checked before (the firmware sends its key as `Authorization: Bearer`).
struct TronbytController<Context: RequestContext> {
    let tiles: TileService?
    /// Reads `led-64x32` as `/tiles/led-64x32.png` does, so both are the same picture.
    let query: TileQuery
    let refresh: DisplayRefresh
    let night: ClockWindow?
    let nightTimeZone: TimeZone
    let now: @Sendable () -> Date

    static var pathPrefix: String { "/tronbyt/" }
    /// Brightness by day and inside the night hours, in percent.
    static var dayBrightness: Int { 100 }
    static var nightBrightness: Int { 10 }

    func addRoutes(to router: Router<Context>) {
        router.get("/tronbyt/{device}/next", use: next)
        router.head("/tronbyt/{device}/next", use: next)
    }

    @Sendable func next(_ request: Request, context: Context) async throws -> Response {
        let device = try context.parameters.require("device")
        guard Self.isPlainName(device) else { return PlainResponse.make(.notFound, PlainResponse.notFound) }
        guard let tiles else { return PlainResponse.make(.serviceUnavailable, "no tile yet: tiles are not drawn on demand") }
        let date = now()
        guard let tile = try? query.request(name: "led-64x32", parameters: TileQuery.Parameters(), at: date),
            case .tile(let drawn) = try await tiles.tile(for: tile)
        else {
            return PlainResponse.make(.serviceUnavailable, "no tile yet: no snapshot", headers: [.retryAfter: "5"])
        }
        let widgets = try? await tiles.source.latestWidgets()
        let dwell = refresh.seconds(at: date, widgets: widgets, lowBattery: false)
        let asleep = night?.contains(date, timeZone: nightTimeZone) == true
        var response = try tiles.conversions.converted(drawn, orientation: .upright, file: .webp, palette: nil).fullResponse()
        response.headers[HTTPField.Name("Tronbyt-Dwell-Secs")!] = String(dwell)
        response.headers[HTTPField.Name("Tronbyt-Brightness")!] = String(asleep ? Self.nightBrightness : Self.dayBrightness)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// 1–64 letters, digits, `-` and `_`.
    static func isPlainName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
