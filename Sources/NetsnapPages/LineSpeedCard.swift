import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// The line's measured speed in the dashboard's Internet card, once measured: download and
/// upload (kept current from `widgets.json`'s `speed` by the page script), with how long ago,
/// the latency, the jitter and the server as their tooltip. Two rows, so the Internet card is
/// no taller than the Wi-Fi card beside it and the dashboard still fits a wall screen.
struct LineSpeedCard: Sendable {
    let download: String
    let upload: String
    /// "Since the last test: 4 h 41 min · Latency: 12.5 ms · Jitter: 1.5 ms · Example Fiber".
    let measured: String

    init?(_ widgets: WidgetSet, now: Date, _ wording: Wording) {
        guard let speed = widgets.speed else { return nil }
        func rate(_ mbps: Double?) -> String { PageFormat.text(mbps.map { SpeedText.rate($0, wording) }) }
        download = rate(speed.downloadMbps)
        upload = rate(speed.uploadMbps)
        let age = PageFormat.duration(max(0, now.timeIntervalSince(speed.measuredAt)), wording)
        measured = [
            "\(wording(PagePhrase.sinceLastTest)): \(age)",
            speed.latencyMs.map { "\(wording(PagePhrase.latency)): \(PageFormat.latency($0, wording))" },
            speed.jitterMs.map { "\(wording(PagePhrase.jitter)): \(PageFormat.latency($0, wording))" }, speed.server,
        ].compactMap { $0 }.joined(separator: wording.separator)
    }
}
