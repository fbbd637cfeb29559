/// A command whose work runs where `Netsnap.main` awaits it, on the main thread. An
/// `AsyncParsableCommand`'s `run` hops to a pool thread instead, which a one-shot drawing
/// command pays for on its path: a new thread, and on a 2-core VM up to 2 ms before it got a
/// CPU (docs/performance.md).
protocol InlineCommand {
    nonisolated(nonsending) mutating func run() async throws
}
