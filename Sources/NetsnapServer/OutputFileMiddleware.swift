import Hummingbird

/// The router's one middleware: a route that declines a path by throwing 404 — such as
/// `/tiles/medium.png` when tiles are not drawn on demand, or a path under `/api/` that no
/// route has — leaves it to the output folder. A 404 a route answers itself (an unknown
/// TRMNL device) stands.
struct OutputFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: OutputFileResponder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return files.respond(to: request, rawPath: request.uri.path)
        }
    }
}
