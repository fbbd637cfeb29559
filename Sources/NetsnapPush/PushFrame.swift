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
    /// The snapshot itself, as taken (not redacted): published with `mqtt.publishSnapshot`.
    public var snapshot: Snapshot?
    public var displays: [DisplayEntry]

    public init(widgets: WidgetSet, events: [NetworkEvent], now: Date, snapshot: Snapshot? = nil, displays: [DisplayEntry] = []) {
        self.widgets = widgets
        self.events = events
        self.now = now
        self.snapshot = snapshot
        self.displays = displays
    }
}
