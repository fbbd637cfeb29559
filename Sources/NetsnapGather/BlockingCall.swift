import Foundation
import Synchronization

/// Runs a blocking system call (getaddrinfo, a child process) on its own thread so the
/// cooperative pool keeps running probes, and gives up waiting at a deadline. The thread
/// itself cannot be interrupted; it finishes in the background and its result is dropped.
enum BlockingCall {
    /// The value `work` returns, or nil when `deadline` passes first.
    static func run<Value: Sendable>(until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () -> Value)
        async -> Value?
    {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let pending = Mutex<CheckedContinuation<Value?, Never>?>(continuation)
            let thread = Thread {
                let value = work()
                pending.withLock { $0.take() }?.resume(returning: value)
            }
            thread.start()
            Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                pending.withLock { $0.take() }?.resume(returning: nil)
            }
        }
    }
}
