import Hummingbird
import NetsnapDisplays

/// The part of the server a request path belongs to, read from the path alone: one of the
/// routes (`HealthController`, `DisplayController`, `TronbytController`, `TileController`) or
/// the output folder.
/// It decides which requests go through the router at all — most are for files, and a route
/// lookup cost each of them — and it is the `handler` label of the request metrics, so the
/// number of series stays bounded whatever paths clients ask for.
enum RequestHandler: String, Sendable {
    case health = "healthz"
    case metrics
    case display
    case tiles
    case files

    init(path: String) {
        switch path {
        case "/healthz": self = .health
        case "/metrics": self = .metrics
        default:
            if DisplayPaths.isDisplayPath(path) {
                self = .display
            } else if TileQuery.isTilePath(path) || WallTileController<BasicRequestContext>.isWallTilePath(path) {
                self = .tiles
            } else {
                self = .files
            }
        }
    }
}
