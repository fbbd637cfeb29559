import Foundation
import Hummingbird
import NetsnapTiles

/// `GET /tiles/{name}.png[?scale=1|2|3][&theme=dark|light|night][&format=…]` for the sizes
/// `small`, `medium`, `large`, the profiles `trmnl`, `trmnl-gray`, `kindle` and any `WxH`
/// canvas, drawn on demand.
/// Any other name (`medium@2x-dark.png`, written by `render`) is declined with a 404 that
/// `OutputFileMiddleware` turns into a lookup in the output folder.
struct TileController<Context: RequestContext> {
    /// Nil when tiles are not drawn on demand: every tile path is then a file lookup.
    let tiles: TileService?
    let query: TileQuery
    /// The clock the night hours are judged by.
    let now: @Sendable () -> Date

    func addRoutes(to router: Router<Context>) {
        router.get("/tiles/{name}.png", use: tile)
        router.head("/tiles/{name}.png", use: tile)
    }

    @Sendable func tile(_ request: Request, context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        let tileRequest: TileRequest?
        // Other query parameters are ignored so that displays can add cache-busters (`?t=…`).
        let parameters = request.uri.queryParameters
        do throws(TileQuery.Refusal) {
            tileRequest = try query.request(
                name: name[...],
                parameters: TileQuery.Parameters(
                    scale: parameters[values: "scale"], theme: parameters[values: "theme"], format: parameters[values: "format"]),
                at: now())
        } catch {
            return PlainResponse.make(.badRequest, "bad request: \(error.message)")
        }
        guard let tileRequest, let tiles else { throw HTTPError(.notFound) }
        switch try await tiles.tile(for: tileRequest) {
        case .tile(let representation):
            return representation.response(to: request)
        case .noSnapshot(let reason):
            return PlainResponse.make(.serviceUnavailable, "no tile yet: \(reason)", headers: [.retryAfter: "5"])
        }
    }
}
