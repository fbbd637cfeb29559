import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// The dashboard's line-speed card, shown once the line's speed was measured: download and
/// upload, latency and jitter, how long ago, and against which server. The page script keeps
/// each figure current from `widgets.json`'s `speed` with the same formats.
struct LineSpeedCard: Sendable {
    let download: String
    let upload: String
    let latency: String
    let jitter: String
    let age: String
    let server: String

    init?(_ widgets: WidgetSet, now: Date, _ wording: Wording) {
        guard let speed = widgets.speed else { return nil }
        func rate(_ mbps: Double?) -> String {
            PageFormat.text(mbps.map { LinkText.speed(Int($0.rounded()), wording) })
        }
        download = rate(speed.downloadMbps)
        upload = rate(speed.uploadMbps)
        latency = PageFormat.latency(speed.latencyMs, wording)
        jitter = PageFormat.latency(speed.jitterMs, wording)
        age = PageFormat.duration(max(0, now.timeIntervalSince(speed.measuredAt)), wording)
        server = PageFormat.text(speed.server)
    }
}
