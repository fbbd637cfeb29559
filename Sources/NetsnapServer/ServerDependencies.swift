import Foundation
import Logging
import NetsnapPush
import NetsnapRender
import NetsnapWatch

/// What the server works with besides its arguments: where health comes from, where
/// metrics go, and — when this build can draw tiles — the widget source and the renderer.
public struct ServerDependencies: Sendable {
    /// Health for `/healthz` and `/metrics`.
    public var watchStatus: any WatchStatus
    /// The registry `/metrics` exposes.
    public var metrics: ServerMetrics
    /// The newest widget models; nil when tiles are not drawn on demand.
    public var widgets: (any WidgetSource)?
    /// The tile renderer; nil when tiles are not drawn on demand.
    public var tiles: (any TileProvider)?
    /// The clock (tests pin it).
    public var now: @Sendable () -> Date
    public var logger: Logger
    /// Told the bound port once the server listens (port 0 picks a free one).
    public var onListening: (@Sendable (Int) async -> Void)?
    /// MQTT and notification counters for `/metrics`; nil without push.
    public var push: PushMonitor?
    /// Where events about displays go (battery low, silent, back): the watch loop's inbox
    /// under `serve --watch`; nil: they are only logged.
    public var displayEvents: DisplayEventInbox?

    public init(
        watchStatus: any WatchStatus, metrics: ServerMetrics, widgets: (any WidgetSource)? = nil,
        tiles: (any TileProvider)? = nil, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "netsnap.serve"), onListening: (@Sendable (Int) async -> Void)? = nil,
        push: PushMonitor? = nil, displayEvents: DisplayEventInbox? = nil
    ) {
        self.watchStatus = watchStatus
        self.metrics = metrics
        self.widgets = widgets
        self.tiles = tiles
        self.now = now
        self.logger = logger
        self.onListening = onListening
        self.push = push
        self.displayEvents = displayEvents
    }
}
