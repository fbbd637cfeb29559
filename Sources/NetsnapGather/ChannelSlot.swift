import NIOCore
import Synchronization

/// The channel a pending probe opened, so cancelling the task can close it; a channel
/// opened after the cancellation is refused.
final class ChannelSlot: Sendable {
    private enum State {
        case empty
        case holding(any Channel)
        case cancelled
    }

    private let state = Mutex<State>(.empty)

    /// Keeps `channel`; false when the probe was already cancelled.
    func hold(_ channel: any Channel) -> Bool {
        state.withLock { state in
            if case .cancelled = state { return false }
            state = .holding(channel)
            return true
        }
    }

    /// Closes the held channel, and any channel offered later.
    func cancel() {
        let channel: (any Channel)? = state.withLock { state in
            defer { state = .cancelled }
            if case .holding(let channel) = state { return channel }
            return nil
        }
        channel?.close(promise: nil)
    }
}
