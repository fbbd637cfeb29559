/// A command whose work runs where `Netsnap.main` awaits it, on the main thread. An
/// `AsyncParsableCommand`'s `run` hops to a pool thread instead, which a one-shot drawing
/// command pays for on its path: a new thread, and on a 2-core VM up to 2 ms before it got a
/// CPU (docs/performance.md). `SendableMetatype`: no main-actor-isolated conformance, so the
/// command found by a cast may be sent to a nonisolated `run` without a data-race warning.
protocol InlineCommand: SendableMetatype {
    nonisolated(nonsending) mutating func run() async throws
}
