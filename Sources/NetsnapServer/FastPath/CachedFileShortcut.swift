import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers a request for an output file already in the cache, unchanged, or a tile already
/// drawn and current (`KeptTiles`), straight from the connection's event loop: a lookup and a
/// write. Everything else — routes, conditional requests, files not read yet, `Connection:
/// close` — goes on to Hummingbird as before.
///
/// Why: through the router a cached tile cost a hop from the event loop to Swift's task pool
/// and back, and generic code looked up per request; that was a fifth of nginx's speed lost
/// on the same file (docs/performance.md).
///
/// HTTP/1 answers in order, so a request is only answered here while Hummingbird owes no
/// response on this connection; otherwise it takes its turn there. It sits behind
/// Hummingbird's connection-state handler and the progress watcher, so both see every
/// request and response, these ones too.
final class CachedFileShortcut: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a shortcut needs of the server: the same caches, guard and metrics the router's
    /// path uses (`keptAnswer` chooses).
    struct Shared: Sendable {
        let files: OutputFileResponder
        let accessGuard: AccessGuard
        let metrics: ServerMetrics
        /// Nil when tiles are not drawn on demand.
        var tiles: KeptTiles? = nil
        /// The wall's tiles as the router keeps them; nil: none.
        var wallTiles: KeptWallTiles? = nil
    }

    private let shared: Shared
    /// Requests handed to Hummingbird whose response has not ended yet.
    private var responsesOwed = 0
    /// Between a head handed on and its end: the rest of that request goes on too.
    private var forwardingRequest = false
    /// A request answered here, waiting for its end.
    private var answering: Answering?
    private var date = HTTPDateLine()
    /// The last head sent, reused while the file and the second are the same: building one
    /// copies and extends the file's header fields.
    private var lastHead: (representation: Representation, date: String, head: HTTPResponse)?

    init(_ shared: Shared) { self.shared = shared }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if !forwardingRequest, responsesOwed == 0, let kept = keptAnswer(for: request) {
                answering = Answering(representation: kept.representation, handler: kept.handler, method: request.method, start: .now)
                return
            }
            forwardingRequest = true
            responsesOwed += 1
        case .body:
            if answering != nil { return }
        case .end:
            if let answering {
                self.answering = nil
                answer(answering, context: context)
                return
            }
            forwardingRequest = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { responsesOwed = max(0, responsesOwed - 1) }
        context.write(data, promise: promise)
    }

    /// The kept file or tile a plain GET or HEAD asks for, when this request may have it as is.
    private func keptAnswer(for request: HTTPRequest) -> (representation: Representation, handler: RequestHandler)? {
        guard request.method == .get || request.method == .head, let target = request.path,
            request.headerFields[.connection] == nil, request.headerFields[.ifNoneMatch] == nil,
            request.headerFields[.ifModifiedSince] == nil
        else { return nil }
        // Split as Hummingbird's `URI` splits: the path runs to the first "?".
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return shared.keptAnswer(path: target, rawQuery: nil, headers: request.headerFields)
        }
        return shared.keptAnswer(
            path: String(target[..<mark]), rawQuery: target[target.utf8.index(after: mark)...], headers: request.headerFields)
    }

    private func answer(_ answering: Answering, context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head(for: answering.representation))), promise: nil)
        if answering.method != .head { context.write(wrapOutboundOut(.body(answering.representation.bytes)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        shared.metrics.recordRequest(
            handler: answering.handler, method: answering.method, status: 200, duration: .now - answering.start)
    }

    private func head(for representation: Representation) -> HTTPResponse {
        let now = date.current()
        if let lastHead, lastHead.representation === representation, lastHead.date == now { return lastHead.head }
        let head = representation.okHead(date: now, server: ServerIdentity.name)
        lastHead = (representation, now, head)
        return head
    }

    /// A request answered here, between its head and its end.
    private struct Answering {
        let representation: Representation
        let handler: RequestHandler
        let method: HTTPRequest.Method
        let start: ContinuousClock.Instant
    }
}
