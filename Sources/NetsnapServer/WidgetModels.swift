import NetsnapWidgets

/// One snapshot's widget models, shared by reference. A source hands out the same object for
/// as long as its models stay the same, so a tile drawn from them is known to be current by
/// identity (`===`) — one comparison of a pointer on each kept answer, where comparing the
/// models field by field and copying them cost more than half of what a query's answer took
/// beyond a plain file's. The tile keeps its models alive, so the identity cannot be reused.
public final class WidgetModels: Sendable {
    /// The models.
    public let widgets: WidgetSet

    /// Wraps `widgets`.
    public init(_ widgets: WidgetSet) { self.widgets = widgets }

    /// `widgets` as models: `previous` itself when they are the same, so what was drawn from
    /// it stays current; a new object otherwise.
    public static func replacing(_ previous: WidgetModels?, with widgets: WidgetSet) -> WidgetModels {
        if let previous, previous.widgets == widgets { return previous }
        return WidgetModels(widgets)
    }
}
