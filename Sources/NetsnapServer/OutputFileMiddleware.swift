import Hummingbird

/// Files of the output folder for every request no route answers: routes run first, and a
/// 404 from them (no route, or a route that declines such as `/tiles/medium@2x-dark.png`)
/// falls through to the folder.
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
