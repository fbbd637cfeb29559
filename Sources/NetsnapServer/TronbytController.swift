import Foundation
import HTTPTypes
import Hummingbird
import NetsnapDisplays
import NetsnapModel
import NetsnapTiles

/// `GET /tronbyt/<device>/next`: what a Tronbyt (or Tidbyt on Tronbyt firmware) fetches — the
/// 64 × 32 LED tile as lossless WebP, with the headers its firmware reads (`remote.c` in
/// tronbyt/firmware-esp32): `Tronbyt-Dwell-Secs`, how long to show it before asking again,
/// which follows the news like a TRMNL's `refresh_rate` (`DisplayRefresh`) from the calm
/// dwell configured, and `Tronbyt-Brightness` (0–100, the firmware's `atoi` of it): the
/// configured day brightness, or the night one inside the night hours (`TronbytSettings`).
/// The device name in the path only has to be a plain name; the token, when configured, is
/// checked before (the firmware sends its key as `Authorization: Bearer`).
struct TronbytController<Context: RequestContext> {
    let tiles: TileService?
    /// Reads `led-64x32` as `/tiles/led-64x32.png` does, so both are the same picture.
    let query: TileQuery
    let refresh: DisplayRefresh
    let night: ClockWindow?
    let nightTimeZone: TimeZone
    let settings: TronbytSettings
    let now: @Sendable () -> Date

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
        let widgets = try? await tiles.source.latestModels()?.widgets
        let answer = settings.answer(for: device, at: date, widgets: widgets, refresh: refresh, night: night, timeZone: nightTimeZone)
        var response = try tiles.conversions.converted(drawn, orientation: .upright, file: .webp, palette: nil).fullResponse()
        response.headers[HTTPField.Name("Tronbyt-Dwell-Secs")!] = String(answer.dwellSeconds)
        response.headers[HTTPField.Name("Tronbyt-Brightness")!] = String(answer.brightness)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// 1–64 letters, digits, `-` and `_`.
    static func isPlainName(_ name: String) -> Bool { TronbytSettings.isDeviceName(name) }
}
