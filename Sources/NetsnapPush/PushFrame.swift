import Foundation
import NetsnapModel
import NetsnapWidgets

/// What one watch cycle hands to push: the widgets its outputs were rendered from (already
/// redacted when configured), the events it detected, when it ran, and the wall displays
/// `serve` reported (`displays.json`).
public struct PushFrame: Sendable {
    public var widgets: WidgetSet
    public var events: [NetworkEvent]
    /// The cycle's time; data age and staleness are measured from the snapshot to here.
    public var now: Date
    public var displays: [DisplayEntry]

    public init(widgets: WidgetSet, events: [NetworkEvent], now: Date, displays: [DisplayEntry] = []) {
        self.widgets = widgets
        self.events = events
        self.now = now
        self.displays = displays
    }
}
