import NetsnapWidgets

/// Where the server gets the newest widget models to draw tiles from: the watch loop
/// publishes them (`PublishedWidgets`), plain `serve` re-reads a snapshot file
/// (`SnapshotFileWidgetSource`).
public protocol WidgetSource: Sendable {
    /// The widget models of the newest snapshot; nil before there is one.
    func latestModels() async throws -> WidgetModels?
    /// What `latestModels` would give when that takes no reading or decoding (a stat at
    /// most); nil when it would: the event loop's shortcuts ask this and never wait.
    func knownModels() -> WidgetModels?
}
