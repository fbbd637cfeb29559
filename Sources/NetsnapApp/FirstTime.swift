import Synchronization

/// True to the first caller of `claim()` and false to every later one, from any thread.
final class FirstTime: Sendable {
    private let taken = Atomic<Bool>(false)

    func claim() -> Bool { !taken.exchange(true, ordering: .relaxed) }
}
