import NIOCore

/// One connection's standing with the `ConnectionRegistry`, shared by the handlers that
/// watch it: `ConnectionGate` (raw bytes, at the front), `PlainFileShortcut` (requests it
/// answers from the bytes) and `RequestProgressWatcher` (HTTP parts). Lives on the
/// connection's event loop only.
///
/// The request deadline: a request — from its first byte, or from the connection's accept
/// for the first one — must arrive whole (its head) within `headerTimeout`, far shorter
/// than the idle timeout that governs keep-alive waits. Trickling a byte every few seconds
/// then holds a slot for seconds, not for as long as the client likes.
///
/// The idle timeout, as Hummingbird kept it: a connection not being served is closed
/// `idleTimeout` after the last request part it read or response it ended — one left
/// waiting, one trickling a body, one trickling a head (whichever deadline comes first).
/// It is kept here rather than by Hummingbird because requests answered from the bytes
/// (`PlainFileShortcut`) never reach Hummingbird: there a busy connection read as idle.
final class ConnectionTicket {
    let registry: ConnectionRegistry
    let channel: any Channel
    let headerTimeout: TimeAmount
    let idleTimeout: TimeAmount
    /// When the request now being read began (its first byte, or the accept); nil while
    /// no request head is incomplete.
    private var requestStart: NIODeadline?
    /// The last request part read or response ended (the accept, before any).
    private var lastActivity = NIODeadline.now()
    /// One timer for the connection, set when a deadline starts and none is set, and on
    /// firing either closing the connection or set again for the deadline then current —
    /// not a timer scheduled and cancelled for every request of a keep-alive connection.
    private var timer: Scheduled<Void>?
    /// When the timer fires.
    private var timerDeadline: NIODeadline?
    /// Whole requests read whose responses have not ended (pipelining allows several).
    private var pendingResponses = 0
    /// From a request's first byte (or the accept) to its end.
    private var isInRequest = false
    /// A request began in the read now being handled, and the registry has not been told:
    /// most are answered within that read (`answeredAtOnce`), and then it is told once.
    private var readingUntold = false
    private(set) var isAdmitted = false

    /// Whether a request read has a response still to end.
    var isAnswering: Bool { pendingResponses > 0 }

    init(registry: ConnectionRegistry, channel: any Channel, headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.registry = registry
        self.channel = channel
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
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

    /// Bytes arrived: between requests, that starts the next one and its deadline. The
    /// registry hears of it in `readHandled`, unless the request is answered before.
    func bytesArrived() {
        guard isAdmitted, pendingResponses == 0, !isInRequest else { return }
        isInRequest = true
        requestStart = .now()
        readingUntold = true
    }

    /// The bytes of `bytesArrived` went through the pipeline: a request still being read
    /// is now one the registry knows of, with its deadline.
    func readHandled() {
        guard readingUntold else { return }
        readingUntold = false
        guard isInRequest else { return }
        registry.enter(.readingRequest, channel)
        checkByNextDeadline()
    }

    /// A request head was parsed: the deadline is met (a body is the idle timeout's affair).
    func headArrived() {
        requestStart = nil
        lastActivity = .now()
    }

    /// Part of a request's body was read.
    func bodyArrived() {
        lastActivity = .now()
    }

    /// A whole request was read: the connection is being served and keeps its slot.
    func requestEnded() {
        isInRequest = false
        readingUntold = false
        requestStart = nil
        pendingResponses += 1
        registry.enter(.served, channel)
    }

    /// A response ended: with none left, the connection waits for the next request.
    func responseEnded() {
        pendingResponses = max(0, pendingResponses - 1)
        guard pendingResponses == 0 else { return }
        registry.enter(.waiting, channel)
        lastActivity = .now()
        checkByNextDeadline()
    }

    /// A request read and answered at once, from its bytes: the connection waits again.
    func answeredAtOnce() {
        isInRequest = false
        requestStart = nil
        readingUntold = false
        registry.enter(.waiting, channel)
        lastActivity = .now()
        checkByNextDeadline()
    }

    /// The connection closed.
    func closed() {
        requestStart = nil
        readingUntold = false
        timer?.cancel()
        timer = nil
        timerDeadline = nil
        if isAdmitted { registry.remove(channel) }
        isAdmitted = false
    }

    private func startRequest() {
        isInRequest = true
        requestStart = .now()
        checkByNextDeadline()
    }

    /// What the connection must meet next: the idle timeout unless it is being served, and
    /// its request head's deadline while one is being read.
    private var nextDeadline: NIODeadline? {
        guard isInRequest || pendingResponses == 0 else { return nil }
        let idle = lastActivity + idleTimeout
        guard let requestStart else { return idle }
        return min(idle, requestStart + headerTimeout)
    }

    /// Sets the timer for the next deadline unless it is set for that or sooner (the usual
    /// case: it is never set further than `headerTimeout` ahead).
    private func checkByNextDeadline() {
        guard let deadline = nextDeadline else { return }
        if timer != nil, let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        scheduleCheck(at: deadline)
    }

    /// Checks at `deadline`, or sooner: never more than `headerTimeout` ahead, so a request
    /// that starts while the timer waits out an idle connection still meets its own deadline.
    private func scheduleCheck(at deadline: NIODeadline) {
        let check = min(deadline, .now() + headerTimeout)
        timerDeadline = check
        timer = channel.eventLoop.assumeIsolated().scheduleTask(deadline: check) { [self] in
            timer = nil
            timerDeadline = nil
            guard let deadline = nextDeadline else { return }
            if NIODeadline.now() >= deadline {
                channel.close(promise: nil)
            } else {
                scheduleCheck(at: deadline)
            }
        }
    }
}
