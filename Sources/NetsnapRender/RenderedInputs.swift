import Foundation
import NetsnapWidgets

/// What one group of outputs shows, as plain values: the widget models, how their freshness
/// reads in the output's time zone, and the settings the output is drawn with (a tile
/// request with its theme, time zone and QR address; the page settings). Equal inputs render
/// equal bytes, so a watch cycle reuses the last cycle's output instead of drawing it again.
///
/// Every input a renderer reads must be in here — anything left out would leave an output
/// stale. A new one (a clock-driven night theme, say) is a new field, or part of `settings`.
struct RenderedInputs<Settings: Equatable & Sendable>: Equatable, Sendable {
    /// The data: statuses, values, history series, snapshot and expiry times.
    var widgets: WidgetSet
    /// "Stale · 8 min" and its shorter forms; empty while fresh. Only this wording of the
    /// render time is drawn, so the age ticking on within one minute draws nothing new.
    var freshnessLabels: [String]
    var isStale: Bool
    var settings: Settings

    init(widgets: WidgetSet, now: Date, timeZone: TimeZone, settings: Settings) {
        self.widgets = widgets
        let freshness = widgets.freshness(at: now)
        freshnessLabels = AgeText.labels(freshness, snapshotAt: widgets.snapshotAt, timeZone: timeZone)
        isStale = freshness.isStale
        self.settings = settings
    }
}
