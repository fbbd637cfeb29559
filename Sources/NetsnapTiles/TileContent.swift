import Foundation
import NetsnapRaster
import NetsnapWidgets

/// The words and numbers a tile shows, formatted once for every layout: absent values
/// as an em dash, never zero; clock times in the request's time zone.
struct TileContent {
    let widgets: WidgetSet
    let freshness: Freshness
    private let timeZone: TimeZone

    static let dash = "\u{2014}"

    init(widgets: WidgetSet, now: Date, timeZone: TimeZone) {
        self.widgets = widgets
        self.freshness = widgets.freshness(at: now)
        self.timeZone = timeZone
    }

    /// True unless the data is fresh: values grey out and the footer tells the age.
    var isStale: Bool { freshness.isStale }

    /// "Stale · 8 min", "Clock ahead · 5 min"… and shorter forms, longest first; empty while fresh.
    var staleLabels: [String] { AgeText.labels(freshness, snapshotAt: widgets.snapshotAt, timeZone: timeZone) }

    /// The whole stale label; nil while fresh.
    var staleLabel: String? { staleLabels.first }

    var large: LargeWidget { widgets.large }

    var statusWord: String {
        switch widgets.overall {
        case .online: "Online"
        case .degraded: "Degraded"
        case .offline: "Offline"
        }
    }

    func statusColor(_ palette: TilePalette) -> Color {
        if isStale { return palette.stale }
        switch widgets.overall {
        case .online: return palette.success
        case .degraded: return palette.warning
        case .offline: return palette.error
        }
    }

    /// "Updated 10:42" (the snapshot time, so the bytes stay the same until the data
    /// changes), or once it has expired its age: "Stale · 8 min"; "Maintenance · …" while
    /// maintenance covers something.
    var footer: String { footers[0] }

    /// The footer and its shorter forms, longest first; under maintenance each begins with
    /// the mark, and the shortest is the mark alone.
    var footers: [String] {
        let labels = staleLabels
        let plain = labels.isEmpty ? ["Updated " + AgeText.clock(widgets.snapshotAt, timeZone)] : labels
        guard widgets.maintenance != nil else { return plain }
        return plain.map { "Maintenance \u{00B7} " + $0 } + ["Maintenance"]
    }

    var networkName: String { widgets.small.networkName }
    /// The signal in dBm, or on a wired link its speed ("1 Gb/s"; "Wired" when unknown): the
    /// network name above already says "Ethernet".
    var signal: String {
        hasSignal ? Self.dBm(widgets.small.signalDBm) : widgets.small.linkSpeedMbps.map(LinkText.speed) ?? "Wired"
    }
    /// "Signal", or "Link" where `signal` names the link.
    var signalLabel: String { hasSignal ? "Signal" : "Link" }
    /// False on a wired link: no bars, no dBm.
    var hasSignal: Bool { widgets.small.connectionType != .ethernet }
    var gatewayLatency: String { Self.latency(widgets.medium.gatewayLatencyMs) }
    var publicIP: String { widgets.medium.publicIP ?? Self.dash }
    var gatewayIP: String { large.gatewayIP ?? Self.dash }

    var targets: String {
        widgets.medium.targetsTotal == 0 ? Self.dash : "\(widgets.medium.targetsOnline)/\(widgets.medium.targetsTotal)"
    }

    var bandAndChannel: String {
        switch (large.band, large.channel) {
        case (nil, nil): Self.dash
        case (let band?, nil): band
        case (nil, let channel?): "Ch \(channel)"
        case (let band?, let channel?): "\(band) \u{00B7} Ch \(channel)"
        }
    }

    var provider: String {
        [large.ispName, large.asn].compactMap { $0 }.joined(separator: " \u{00B7} ").nonEmpty ?? Self.dash
    }

    var devices: String {
        large.devicesTotal == 0 ? Self.dash : "\(large.devicesActive) of \(large.devicesTotal) active"
    }

    static func latency(_ milliseconds: Double?) -> String {
        guard let milliseconds else { return dash }
        return LatencyText.format(milliseconds, oneDecimalBelow: 9.95)
    }

    /// A target's latency with its loss and jitter, longest first ("44 ms · 20 % loss · 16 ms
    /// jitter", "44 ms · 20 % loss", "20 % loss"), so the row keeps what matters most when
    /// it is narrow; empty without either figure.
    static func latencyAndQuality(_ row: LargeWidget.TargetRow) -> [String] {
        guard let quality = QualityText.format(lossPercent: row.lossPercent, jitterMs: row.jitterMs) else { return [] }
        let latency = latency(row.latencyMs)
        let first = QualityText.format(lossPercent: row.lossPercent, jitterMs: row.lossPercent == nil ? row.jitterMs : nil) ?? quality
        let forms = [latency + " · " + quality, latency + " · " + first, first]
        return forms.enumerated().filter { index, form in !forms[..<index].contains(form) }.map(\.element)
    }

    static func dBm(_ value: Int?) -> String {
        guard let value else { return dash }
        // A real minus sign, not a hyphen.
        return (value < 0 ? "\u{2212}\(-value)" : "\(value)") + " dBm"
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
