import NIOConcurrencyHelpers
import NetsnapWidgets

/// The newest widget models, handed over by the watch loop after each cycle and read by
/// the server on each tile request.
public final class PublishedWidgets: WidgetSource {
    private let current = NIOLockedValueBox<WidgetModels?>(nil)

    public init(_ widgets: WidgetSet? = nil) { current.withLockedValue { $0 = widgets.map(WidgetModels.init) } }

    /// Makes `widgets` the newest; tiles drawn from older ones are redrawn on next request,
    /// unless these are the same models.
    public func publish(_ widgets: WidgetSet) { current.withLockedValue { $0 = WidgetModels.replacing($0, with: widgets) } }

    public func latestModels() -> WidgetModels? { current.withLockedValue { $0 } }

    public func knownModels() -> WidgetModels? { latestModels() }
}
