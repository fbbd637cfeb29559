import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with the connection guard around it: `ConnectionGate` (which
/// also turns away peers outside `serve.allowFrom`) and
/// `PlainFileShortcut` in front of the HTTP codec, `RequestProgressWatcher` behind it, all
/// sharing one ticket with the server's `ConnectionRegistry` (which keeps the request
/// deadline and the idle timeout); and `CachedFileShortcut` last, in front of the responder.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    let registry: ConnectionRegistry
    let headerTimeout: TimeAmount
    /// How long a connection may wait between requests, or between a body's bytes.
    let idleTimeout: TimeAmount
    /// Cached output files answered on the event loop (`CachedFileShortcut`).
    let shortcut: CachedFileShortcut.Shared
    /// Whom the server lets connect (`serve.allowFrom`; empty: everyone).
    let allowFrom: [AddressRange]

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let ticket = ConnectionTicket(registry: registry, channel: channel, headerTimeout: headerTimeout, idleTimeout: idleTimeout)
        do {
            let gate = ConnectionGate(ticket: ticket, allowFrom: allowFrom)
            try channel.pipeline.syncOperations.addHandler(gate, position: .first)
            try channel.pipeline.syncOperations.addHandler(PlainFileShortcut(shortcut, ticket: ticket), position: .after(gate))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // The watcher is made here, on the channel's loop, and handed to this connection's
        // pipeline when Hummingbird adds its extra handlers during setup.
        let watcher = NIOLoopBound(RequestProgressWatcher(ticket: ticket), eventLoop: channel.eventLoop)
        var configuration = self.configuration
        let extra = configuration.additionalChannelHandlers
        configuration.additionalChannelHandlers = { extra() + [watcher.value] }
        let shortcut = self.shortcut
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
            .flatMapThrowing { value in
                let pipeline = channel.pipeline.syncOperations
                let connectionState = try pipeline.handler(type: HTTPConnectionStateHandler.self)
                try pipeline.addHandler(CachedFileShortcut(shortcut), position: .after(connectionState))
                return value
            }
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder, configuration: configuration).handle(value: value, logger: logger)
    }
}
