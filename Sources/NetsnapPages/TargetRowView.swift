import Mustache
import NetsnapLanguage
import NetsnapWidgets

/// One monitoring target in a list: name, host, protocol, status and latency, loss and
/// jitter when measured, and why it is down when the producer says.
struct TargetRowView: Sendable {
    let name: String
    let host: String
    let probeProtocol: String
    let status: StatusView
    let latency: String
    /// "20 % loss · 4.5 ms jitter", or empty (hidden) without either.
    let quality: String
    /// The 24 h uptime ("99.8%"), or empty (hidden) without history.
    let uptime: String
    /// Whether the producer said why the target is down: shows the reason's element.
    let hasReason: Bool
    /// The reason, or a dash (hidden) as the script writes an absent one.
    let reason: String

    init(_ row: LargeWidget.TargetRow, _ wording: Wording = .posix) {
        name = row.name
        host = row.host
        probeProtocol = PageWords.word(row.probeProtocol.rawValue, wording)
        status = StatusView(row.state, bind: "state", wording)
        latency = PageFormat.latency(row.latencyMs, wording)
        quality = QualityText.format(lossPercent: row.lossPercent, jitterMs: row.jitterMs, wording) ?? ""
        uptime = PageFormat.uptime(row.uptime24h, wording)
        hasReason = row.lastError != nil
        reason = PageFormat.text(row.lastError.map(wording.reason))
    }

    /// An empty row for the `<template>` the script clones when a list grows.
    static let blank = TargetRowView(name: "", host: "", probeProtocol: "", status: StatusView(state: "", bind: "state"), latency: "")

    private init(name: String, host: String, probeProtocol: String, status: StatusView, latency: String) {
        self.name = name
        self.host = host
        self.probeProtocol = probeProtocol
        self.status = status
        self.latency = latency
        quality = ""
        uptime = ""
        hasReason = false
        reason = ""
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension TargetRowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "host": self.host
        case "probeProtocol": self.probeProtocol
        case "status": self.status
        case "latency": self.latency
        case "quality": self.quality
        case "uptime": self.uptime
        case "hasReason": self.hasReason
        case "reason": self.reason
        default: nil
        }
    }
}
