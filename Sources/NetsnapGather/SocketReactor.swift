import Foundation
import CLinuxEvents
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread that waits in `epoll` for every socket the probes use and resumes the task
/// waiting on it. Probes are many short waits (100 targets, 254 sweep addresses) and the
/// cooperative pool has one thread per core, so blocking a pool thread in `poll` per probe
/// would serialise them; this keeps every wait a suspension instead.
final class SocketReactor: Sendable {
    /// The process-wide reactor; its thread starts on first use and lives with the process.
    static let shared = SocketReactor()

    private struct Waiter: Sendable {
        let continuation: CheckedContinuation<SocketEvents, Never>
        let deadline: ContinuousClock.Instant
    }

    private let epollDescriptor: Int32
    private let wakeDescriptor: Int32
    private let waiters = Mutex<[Int32: Waiter]>([:])

    private init() {
        epollDescriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        var event = epoll_event()
        event.events = SocketEvents.readable.rawValue
        event.data.fd = wakeDescriptor
        _ = epoll_ctl(epollDescriptor, EPOLL_CTL_ADD, wakeDescriptor, &event)
        let thread = Thread { [self] in runLoop() }
        thread.name = "netsnap-socket-reactor"
        thread.start()
    }

    /// Waits until `descriptor` is ready for `events` or `deadline` passes. Returns the
    /// events that fired (errors and hang-ups count as both readable and writable, so the
    /// caller's next system call reports them), or an empty set on timeout.
    /// One wait per descriptor at a time.
    func wait(for descriptor: Int32, _ events: SocketEvents, until deadline: ContinuousClock.Instant) async
        -> SocketEvents
    {
        await withCheckedContinuation { continuation in
            // Stored before arming, so an event that fires at once finds its waiter.
            waiters.withLock { $0[descriptor] = Waiter(continuation: continuation, deadline: deadline) }
            var event = epoll_event()
            event.events = events.union(.oneShot).rawValue
            event.data.fd = descriptor
            if epoll_ctl(epollDescriptor, EPOLL_CTL_MOD, descriptor, &event) != 0 {
                _ = epoll_ctl(epollDescriptor, EPOLL_CTL_ADD, descriptor, &event)
            }
            // The loop may be sleeping towards a later deadline: make it recompute.
            var one: UInt64 = 1
            _ = Glibc.write(wakeDescriptor, &one, 8)
        }
    }

    private func runLoop() {
        let capacity: Int32 = 128
        var events = [epoll_event](repeating: epoll_event(), count: Int(capacity))
        while true {
            let count = epoll_wait(epollDescriptor, &events, capacity, nextTimeoutMilliseconds())
            var ready: [(Waiter, SocketEvents)] = []
            waiters.withLock { waiters in
                for index in 0..<max(Int(count), 0) {
                    let descriptor = events[index].data.fd
                    if descriptor == wakeDescriptor {
                        var value: UInt64 = 0
                        _ = Glibc.read(wakeDescriptor, &value, 8)
                        continue
                    }
                    guard let waiter = waiters.removeValue(forKey: descriptor) else { continue }
                    var fired = SocketEvents(rawValue: events[index].events)
                    if !fired.isDisjoint(with: [.error, .hangUp]) { fired.formUnion([.readable, .writable]) }
                    ready.append((waiter, fired))
                }
                let now = ContinuousClock.now
                for (descriptor, waiter) in waiters where waiter.deadline <= now {
                    waiters.removeValue(forKey: descriptor)
                    var unused = epoll_event()
                    _ = epoll_ctl(epollDescriptor, EPOLL_CTL_DEL, descriptor, &unused)
                    ready.append((waiter, []))
                }
            }
            for (waiter, fired) in ready { waiter.continuation.resume(returning: fired) }
        }
    }

    /// Milliseconds until the earliest deadline, rounded up; -1 (forever) with no waiters.
    private func nextTimeoutMilliseconds() -> Int32 {
        guard let earliest = waiters.withLock({ $0.values.map(\.deadline).min() }) else { return -1 }
        let remaining = earliest - ContinuousClock.now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
