import NIOCore
import NetsnapModel
import Synchronization

/// The echo replies an `ICMPEchoChannel` received and not yet taken, and the one task
/// waiting for the next of them, woken by a reply, its deadline or its cancellation.
final class EchoReplyInbox: Sendable {
    /// One echo reply: who answered, to which sequence number.
    struct Reply: Sendable, Equatable {
        let sender: IPAddress
        let sequence: UInt16
    }

    private struct State {
        var replies = CircularBuffer<Reply>()
        var waiter: CheckedContinuation<Reply?, Never>?
    }

    private let eventLoop: any EventLoop
    private let state = Mutex(State())

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Hands `reply` to the waiting task, or keeps it for the next one.
    func push(_ reply: Reply) {
        let waiter = state.withLock { state -> CheckedContinuation<Reply?, Never>? in
            guard let waiter = state.waiter else {
                state.replies.append(reply)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: reply)
    }

    /// The oldest reply kept, else the next to arrive before `deadline`; nil when none
    /// does or the task is cancelled. One waiter at a time.
    func next(until deadline: ContinuousClock.Instant) async -> Reply? {
        if let reply = state.withLock({ $0.replies.popFirst() }) { return reply }
        guard deadline > .now, !Task.isCancelled else { return nil }
        let timer = eventLoop.scheduleTask(in: TimeAmount(deadline - .now)) { self.wake() }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Reply?, Never>) in
                let reply = state.withLock { state -> Reply?? in
                    if let reply = state.replies.popFirst() { return .some(reply) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let reply { continuation.resume(returning: reply) }
            }
        } onCancel: {
            wake()
        }
    }

    /// Resumes the waiting task with no reply.
    private func wake() {
        state.withLock { state -> CheckedContinuation<Reply?, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(returning: nil)
    }
}
