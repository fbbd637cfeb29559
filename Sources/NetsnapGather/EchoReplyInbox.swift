import NIOCore
import NetsnapModel
import Synchronization

/// The echo replies an `ICMPEchoChannel` received and not yet taken, and the one task
/// waiting for the next of them, woken by a reply, its deadline or its cancellation.
final class EchoReplyInbox: Sendable {
    /// One echo reply: who answered, to which sequence number, and when it was read off the
    /// socket (stamped there, so a probe busy sending its next echo does not lengthen the
    /// round trip it measures).
    struct Reply: Sendable, Equatable {
        let sender: IPAddress
        let sequence: UInt16
        let receivedAt: ContinuousClock.Instant
    }

    private struct State {
        var replies = CircularBuffer<Reply>()
        var waiter: CheckedContinuation<Reply?, Never>?
        /// Counts waits, so a time-out armed for an earlier wait never wakes a later one.
        var wait: UInt64 = 0
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
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Reply?, Never>) in
                let outcome = state.withLock { state -> (immediate: Reply??, wait: UInt64) in
                    if let reply = state.replies.popFirst() { return (.some(reply), 0) }
                    if Task.isCancelled { return (.some(nil), 0) }
                    state.waiter = continuation
                    state.wait += 1
                    return (nil, state.wait)
                }
                if let immediate = outcome.immediate {
                    continuation.resume(returning: immediate)
                    return
                }
                // Armed only once the waiter is stored, so it cannot fire before there is one.
                let wait = outcome.wait
                eventLoop.scheduleTask(in: TimeAmount(max(.zero, deadline - .now))) { self.wake(wait) }
            }
        } onCancel: {
            wake(nil)
        }
    }

    /// Resumes the waiting task with no reply: the one of wait number `wait`, or any when nil.
    private func wake(_ wait: UInt64?) {
        state.withLock { state -> CheckedContinuation<Reply?, Never>? in
            guard wait == nil || wait == state.wait else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(returning: nil)
    }
}
