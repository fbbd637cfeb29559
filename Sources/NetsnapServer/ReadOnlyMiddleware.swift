import Hummingbird

/// The server only reads: GET and HEAD, anything else 405 with `Allow`. HEAD responses keep
/// every header of the GET they mirror (Content-Length included) and lose the body.
struct ReadOnlyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        switch request.method {
        case .get:
            return try await next(request, context)
        case .head:
            return try await next(request, context).createHeadResponse()
        default:
            let refusal = PlainResponse.make(
                .methodNotAllowed, "method not allowed: this server is read-only", headers: [.allow: "GET, HEAD"])
            return refusal
        }
    }
}
