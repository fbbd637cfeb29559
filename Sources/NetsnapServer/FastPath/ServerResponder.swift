import Hummingbird
import NetsnapDisplays

/// Every request's way through the server: only GET and HEAD pass (anything else is 405
/// with `Allow`), except POST to `/api/log`, the one path that takes a body; then the token guard; then the output folder for paths no route claims,
/// and the router for the rest. Every request is counted and timed, refusals too. HEAD
/// answers keep every header of the GET they mirror, `Content-Length` included, and lose
/// the body.
///
/// One plain function rather than a chain of router middleware, because most requests are
/// for files: they skip the route lookup and four async calls (about 15 % of the CPU time
/// of serving a cached tile).
struct ServerResponder<Context: RequestContext>: HTTPResponder {
    let metrics: ServerMetrics
    let accessGuard: AccessGuard
    let files: OutputFileResponder
    let routes: RouterResponder<Context>

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let path = request.uri.path
        let admission = accessGuard.admission(path: path, headers: request.headers)
        let handler = admission.handler
        let response: Response
        do {
            response = try await answer(request, context: context, path: path, admission: admission)
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.recordRequest(handler: handler, method: request.method, status: status, duration: .now - start)
            throw error
        }
        metrics.recordRequest(handler: handler, method: request.method, status: response.status.code, duration: .now - start)
        return request.method == .head ? response.createHeadResponse() : response
    }

    private func answer(_ request: Request, context: Context, path: String, admission: AccessGuard.Admission) async throws -> Response {
        if DisplayPaths.isLog(path) {
            guard request.method == .post else {
                return PlainResponse.make(.methodNotAllowed, "method not allowed: displays POST their log here", headers: [.allow: "POST"])
            }
        } else if request.method != .get && request.method != .head {
            return PlainResponse.make(
                .methodNotAllowed, "method not allowed: this server is read-only", headers: [.allow: "GET, HEAD"])
        }
        guard admission.admitted else { return AccessGuard.refusal }
        guard admission.handler != .files else { return files.respond(to: request, rawPath: path) }
        return try await routes.respond(to: request, context: context)
    }
}
