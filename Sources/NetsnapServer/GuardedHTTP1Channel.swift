import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with the connection guard around it: `ConnectionGate` in
/// front of the HTTP codec, `RequestProgressWatcher` behind it, both sharing one ticket with
/// the server's `ConnectionRegistry`; and `CachedFileShortcut` last, in front of the
/// responder.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    let registry: ConnectionRegistry
    let headerTimeout: TimeAmount
    /// Cached output files answered on the event loop (`CachedFileShortcut`).
    let shortcut: CachedFileShortcut.Files

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let ticket = ConnectionTicket(registry: registry, channel: channel, headerTimeout: headerTimeout)
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionGate(ticket: ticket), position: .first)
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
