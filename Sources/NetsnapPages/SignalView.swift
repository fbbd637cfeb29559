import NetsnapLanguage

/// Four signal bars as inline SVG: how many are lit and what a screen reader says.
struct SignalView: Sendable {
    /// "0"…"4", or "none" without a reading; the stylesheet lights bars by this value.
    let bars: String
    let label: String
    /// The widgets.json path of the bar count.
    let bind: String

    init(bars: Int?, bind: String, _ wording: Wording) {
        self.bars = bars.map(String.init) ?? "none"
        label =
            bars.map { wording(PagePhrase.signalBars, ["bars": wording.integer($0), "total": wording.integer(4)]) }
            ?? wording(PagePhrase.noSignalReading)
        self.bind = bind
    }
}
