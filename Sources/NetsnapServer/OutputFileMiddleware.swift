import Hummingbird

/// The files of the output folder. A path no route can claim is served from the folder
/// straight away: most requests are for files, and going through the router first cost
/// each of them a route lookup and a thrown 404. Paths a route may answer go to the routes
/// first, and a 404 from them (such as `/tiles/medium@2x-dark.png`, which is no tile
/// query) still falls through to the folder.
struct OutputFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: OutputFileResponder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard Self.mayBeRoute(path) else { return files.respond(to: request, rawPath: path) }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return files.respond(to: request, rawPath: path)
        }
    }

    /// True for the paths of `HealthController`, `DisplayController` and `TileController`.
    static func mayBeRoute(_ path: String) -> Bool {
        if path == "/healthz" || path == "/metrics" || path.hasPrefix("/api/") || path.hasPrefix("/display/") { return true }
        guard path.hasPrefix("/tiles/"), path.hasSuffix(".png") else { return false }
        return TileQuery.isTileName(path.dropFirst("/tiles/".count).dropLast(".png".count))
    }
}
