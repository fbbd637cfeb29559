import NIOCore

/// One connection's standing with the `ConnectionRegistry`, shared by the two handlers that
/// watch it: `ConnectionGate` (raw bytes, at the front) and `RequestProgressWatcher` (HTTP
/// parts). Lives on the connection's event loop only.
///
/// The request deadline: a request — from its first byte, or from the connection's accept
/// for the first one — must arrive whole (its head) within `headerTimeout`, far shorter
/// than the idle timeout that governs keep-alive waits. Trickling a byte every few seconds
/// then holds a slot for seconds, not for as long as the client likes.
final class ConnectionTicket {
    let registry: ConnectionRegistry
    let channel: any Channel
    let headerTimeout: TimeAmount
    private var deadline: Scheduled<Void>?
    /// Whole requests read whose responses have not ended (pipelining allows several).
    private var pendingResponses = 0
    /// From a request's first byte (or the accept) to its end.
    private var isInRequest = false
    private(set) var isAdmitted = false

    init(registry: ConnectionRegistry, channel: any Channel, headerTimeout: TimeAmount) {
        self.registry = registry
        self.channel = channel
        self.headerTimeout = headerTimeout
    }

    /// Asks the registry for a slot; true when the connection may go on.
    func admit() -> Bool {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        switch registry.admit(channel, address: address) {
        case .refused:
            return false
        case .admitted(let evicted):
            isAdmitted = true
            evicted?.close(promise: nil)
            startRequest()
            return true
        }
    }

    /// Bytes arrived: between requests, that starts the next one and its deadline.
    func bytesArrived() {
        guard isAdmitted, pendingResponses == 0, !isInRequest else { return }
        registry.enter(.readingRequest, channel)
        startRequest()
    }

    /// A request head was parsed: the deadline is met (a body is the idle timeout's affair).
    func headArrived() {
        cancelDeadline()
    }

    /// A whole request was read: the connection is being served and keeps its slot.
    func requestEnded() {
        isInRequest = false
        cancelDeadline()
        pendingResponses += 1
        registry.enter(.served, channel)
    }

    /// A response ended: with none left, the connection waits for the next request.
    func responseEnded() {
        pendingResponses = max(0, pendingResponses - 1)
        if pendingResponses == 0 { registry.enter(.waiting, channel) }
    }

    /// The connection closed.
    func closed() {
        cancelDeadline()
        if isAdmitted { registry.remove(channel) }
        isAdmitted = false
    }

    private func startRequest() {
        isInRequest = true
        deadline?.cancel()
        let channel = self.channel
        deadline = channel.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}
