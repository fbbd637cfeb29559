/// What the server asks about the loop that keeps the outputs fresh, for `/healthz` and
/// `/metrics`. The watch loop's `WatchMonitor` conforms; plain `serve` uses
/// `OutputFolderStatus`, which judges by the age of `widgets.json`.
public protocol WatchStatus: Sendable {
    /// The loop's health as of now.
    func health() async -> WatchHealth
    /// Brings the loop's own metrics in `metrics` up to date, just before they are exposed.
    func updateMetrics(_ metrics: ServerMetrics) async
}

extension WatchStatus {
    /// No metrics of its own.
    public func updateMetrics(_ metrics: ServerMetrics) async {}
}
