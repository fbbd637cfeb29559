import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NetsnapDisplays
import NetsnapModel

/// `POST /api/log` (and `/api/log/`): where TRMNL firmware sends the log lines it kept since
/// it last reached a server, with the `ID` and `Access-Token` headers of `/api/display`
/// (`submit_log.cpp`). A paired device's lines are kept (`DisplayRegistry`) and answered
/// `204`, which the firmware takes as delivered and so stops resending them; a device this
/// server does not pair with is refused as `/api/display` refuses a bad token. The only
/// path of the server that takes a body — `ServerResponder` lets POST through here alone.
struct DisplayLogController<Context: RequestContext> {
    let display: DisplayController<Context>

    func addRoutes(to router: Router<Context>) {
        router.post(RouterPath(DisplayPaths.log), use: log)
    }

    @Sendable func log(_ request: Request, context: Context) async throws -> Response {
        guard let device = display.pairedDevice(of: request) else {
            return PlainResponse.make(.unauthorized, "unauthorized: send the ID of a paired display and its Access-Token")
        }
        let limit = DisplayLogBody.byteLimit
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return Self.tooLarge }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            return Self.tooLarge
        }
        let receivedAt = display.now()
        let entries: [DisplayLogEntry]
        do {
            entries = try DisplayLogBody.entries(from: Array(body.readableBytesView), receivedAt: receivedAt)
        } catch {
            let reason = error == .notJSON ? "the body is not JSON" : #"expected {"logs":[…]}"#
            return PlainResponse.make(.badRequest, "bad request: \(reason)")
        }
        display.registry.saw(device, report: DisplayReport(headers: request.headers), entries: entries, at: receivedAt)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    private static var tooLarge: Response {
        PlainResponse.make(.contentTooLarge, "content too large: a log body may hold at most \(DisplayLogBody.byteLimit) bytes")
    }
}
