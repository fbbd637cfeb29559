/// Four signal bars as inline SVG: how many are lit and what a screen reader says.
struct SignalView: Sendable {
    /// "0"…"4", or "none" without a reading; the stylesheet lights bars by this value.
    let bars: String
    let label: String
    /// The widgets.json path of the bar count.
    let bind: String

    init(bars: Int?, bind: String) {
        self.bars = bars.map(String.init) ?? "none"
        label = bars.map { "Signal: \($0) of 4 bars" } ?? "No signal reading"
        self.bind = bind
    }
}
