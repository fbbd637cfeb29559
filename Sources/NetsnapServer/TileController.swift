import Foundation
import Hummingbird
import NetsnapTiles

/// `GET /tiles/{name}.png[?scale=1|2|3][&theme=dark|light|night][&format=…]` for the sizes
/// `small`, `medium`, `large`, the profiles `trmnl`, `trmnl-gray`, `kindle` and any `WxH`
/// canvas, drawn on demand; displays also take `rotate`, `invert` and `format=bmp`
/// (`TileQuery+Delivery`).
/// Any other name (`medium@2x-dark.png`, written by `render`) is declined with a 404 that
/// `OutputFileMiddleware` turns into a lookup in the output folder.
struct TileController<Context: RequestContext> {
    /// Nil when tiles are not drawn on demand: every tile path is then a file lookup.
    let tiles: TileService?
    let query: TileQuery
    /// The clock the night hours are judged by.
    let now: @Sendable () -> Date

    func addRoutes(to router: Router<Context>) {
        for container in [TileFileFormat.png, .webp] {
            router.get("/tiles/{name}.\(container.rawValue)", use: tile(container))
            router.head("/tiles/{name}.\(container.rawValue)", use: tile(container))
        }
    }

    func tile(_ container: TileFileFormat) -> @Sendable (Request, Context) async throws -> Response {
        { request, context in try await tile(request, context: context, container: container) }
    }

    func tile(_ request: Request, context: Context, container: TileFileFormat) async throws -> Response {
        let name = try context.parameters.require("name")
        let delivery: TileDelivery?
        let parameters = request.uri.queryParameters
        do throws(TileQuery.Refusal) {
            delivery = try query.delivery(
                name: name[...], parameters: TileQuery.parameters { parameters[values: $0] }, container: container, at: now())
        } catch {
            return PlainResponse.make(.badRequest, "bad request: \(error.message)")
        }
        guard let delivery, let tiles else { throw HTTPError(.notFound) }
        switch try await tiles.tile(for: delivery.request) {
        case .tile(let representation):
            if delivery.isPlain { return representation.response(to: request) }
            return try tiles.conversions.converted(
                representation, orientation: delivery.orientation, file: delivery.file, palette: delivery.palette
            ).response(to: request)
        case .noSnapshot(let reason):
            return PlainResponse.make(.serviceUnavailable, "no tile yet: \(reason)", headers: [.retryAfter: "5"])
        }
    }
}
