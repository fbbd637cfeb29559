import Synchronization

/// True to the first caller of `claim()` and false to every later one, from any thread.
public final class FirstTime: Sendable {
    private let taken = Atomic<Bool>(false)

    public init() {}

    public func claim() -> Bool { !taken.exchange(true, ordering: .relaxed) }
}
