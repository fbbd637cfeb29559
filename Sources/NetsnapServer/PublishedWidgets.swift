import NIOConcurrencyHelpers
import NetsnapWidgets

/// The newest widget models, handed over by the watch loop after each cycle and read by
/// the server on each tile request.
public final class PublishedWidgets: WidgetSource {
    private let current = NIOLockedValueBox<WidgetSet?>(nil)

    public init(_ widgets: WidgetSet? = nil) { current.withLockedValue { $0 = widgets } }

    /// Makes `widgets` the newest; tiles drawn from older ones are redrawn on next request.
    public func publish(_ widgets: WidgetSet) { current.withLockedValue { $0 = widgets } }

    public func latestWidgets() -> WidgetSet? { current.withLockedValue { $0 } }

    public func knownWidgets() -> WidgetSet? { latestWidgets() }
}
