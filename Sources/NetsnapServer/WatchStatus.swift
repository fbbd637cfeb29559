/// What the server asks about the loop that keeps the outputs fresh, for `/healthz` and
/// `/metrics`. `WatchMonitor` is the implementation the watch loop feeds; plain `serve`
/// uses `OutputFolderStatus`, which judges by the age of `widgets.json`.
public protocol WatchStatus: Sendable {
    /// The loop's health as of now.
    func health() async -> WatchHealth
}
