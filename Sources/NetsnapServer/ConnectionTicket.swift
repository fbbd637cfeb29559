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
    /// When the request now being read began (its first byte, or the accept); nil while
    /// no request is incomplete.
    private var requestStart: NIODeadline?
    /// One timer for the connection, set when a request starts and none is set, and on
    /// firing either closing the connection or set again for the request then current —
    /// not a timer scheduled and cancelled for every request of a keep-alive connection.
    private var timer: Scheduled<Void>?
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
        forgetRequestStart()
    }

    /// A whole request was read: the connection is being served and keeps its slot.
    func requestEnded() {
        isInRequest = false
        forgetRequestStart()
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
        forgetRequestStart()
        timer?.cancel()
        timer = nil
        if isAdmitted { registry.remove(channel) }
        isAdmitted = false
    }

    private func startRequest() {
        isInRequest = true
        let now = NIODeadline.now()
        requestStart = now
        if timer == nil { scheduleCheck(at: now + headerTimeout) }
    }

    private func scheduleCheck(at deadline: NIODeadline) {
        timer = channel.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            guard let requestStart else { return }
            if NIODeadline.now() >= requestStart + headerTimeout {
                channel.close(promise: nil)
            } else {
                scheduleCheck(at: requestStart + headerTimeout)
            }
        }
    }

    private func forgetRequestStart() {
        requestStart = nil
    }
}
