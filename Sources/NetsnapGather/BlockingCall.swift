import NIOCore
import NIOPosix
import Synchronization

/// Runs a blocking call (getaddrinfo, waiting for a child process) on NIO's shared thread
/// pool so the cooperative pool keeps running probes, and stops waiting at a deadline or
/// when the task is cancelled. The call itself cannot be interrupted; it finishes on its
/// pool thread and its result is dropped.
enum BlockingCall {
    /// The value `work` returns, or nil when `deadline` passes or the task is cancelled first.
    static func run<Value: Sendable>(until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () -> Value)
        async -> Value?
    {
        let pending = Mutex<CheckedContinuation<Value?, Never>?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                pending.withLock { $0 = continuation }
                if Task.isCancelled { pending.withLock { $0.take() }?.resume(returning: nil) }
                let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: TimeAmount(max(.zero, deadline - .now))) {
                    pending.withLock { $0.take() }?.resume(returning: nil)
                }
                NIOThreadPool.singleton.submit { state in
                    let value: Value? = state == .active ? work() : nil
                    timer.cancel()
                    pending.withLock { $0.take() }?.resume(returning: value)
                }
            }
        } onCancel: {
            pending.withLock { $0.take() }?.resume(returning: nil)
        }
    }
}
