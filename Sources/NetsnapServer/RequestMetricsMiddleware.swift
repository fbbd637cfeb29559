import Hummingbird

/// Counts and times every request, outermost, so refusals (401, 405) are counted too.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let method = request.method == .get || request.method == .head ? request.method.rawValue : "other"
        let handler = Self.handler(for: request.uri.path)
        do {
            let response = try await next(request, context)
            metrics.recordRequest(handler: handler, method: method, status: response.status.code, duration: .now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.recordRequest(handler: handler, method: method, status: status, duration: .now - start)
            throw error
        }
    }

    /// The part of the server a path belongs to: a fixed set, never the path itself.
    static func handler(for path: String) -> String {
        if path == "/healthz" { return "healthz" }
        if path == "/metrics" { return "metrics" }
        if path.hasPrefix("/api/") || path.hasPrefix("/display/") { return "display" }
        if path.hasPrefix("/tiles/") { return "tiles" }
        return "files"
    }
}
