import CThreadPlacement

/// Runs work on a thread of its own, started at once on another core than the caller's. A
/// plain POSIX thread starts in tens of microseconds where libdispatch's first worker took
/// about 0.9 ms; and a new thread left free to run anywhere was often queued behind its busy
/// parent for 1–3 ms on the 2-core VM before the idle core took it (docs/performance.md).
enum BackgroundThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; runs it here when no thread can be made.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body))
        let failed = netsnap_start_thread_beside_caller(
            { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, work.toOpaque())
        if failed != 0 { work.takeRetainedValue().body() }
    }
}
