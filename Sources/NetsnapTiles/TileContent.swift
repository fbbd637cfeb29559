import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapWidgets

/// The words and numbers a tile shows, formatted once for every layout: absent values
/// as an em dash, never zero; clock times in the request's time zone; words, numbers and
/// times in the request's language.
struct TileContent {
    let widgets: WidgetSet
    let freshness: Freshness
    let wording: Wording
    private let timeZone: TimeZone

    static let dash = "\u{2014}"

    init(widgets: WidgetSet, now: Date, timeZone: TimeZone, wording: Wording = .posix) {
        self.widgets = widgets
        self.freshness = widgets.freshness(at: now)
        self.timeZone = timeZone
        self.wording = wording
    }

    /// True unless the data is fresh: values grey out and the footer tells the age.
    var isStale: Bool { freshness.isStale }

    /// "Stale · 8 min", "Clock ahead · 5 min"… and shorter forms, longest first; empty while fresh.
    var staleLabels: [String] { AgeText.labels(freshness, snapshotAt: widgets.snapshotAt, timeZone: timeZone, wording) }

    /// The whole stale label; nil while fresh.
    var staleLabel: String? { staleLabels.first }

    var large: LargeWidget { widgets.large }

    var statusWord: String {
        switch widgets.overall {
        case .online: wording(.online)
        case .degraded: wording(.degraded)
        case .offline: wording(.offline)
        }
    }

    /// The status word in at most about 8 letters (the language's LED form), "Stale" once
    /// the data is old: where the whole word does not fit.
    var shortStatusWord: String {
        if isStale { return wording(.ledStale) }
        switch widgets.overall {
        case .online: return wording(.ledOnline)
        case .degraded: return wording(.ledDegraded)
        case .offline: return wording(.ledOffline)
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

    /// The footer and its shorter forms, longest first: last the time alone, or while stale
    /// the short stale word; under maintenance each begins with the mark, and the shortest is
    /// the mark alone.
    var footers: [String] {
        let labels = staleLabels
        let time = wording.clockTime(widgets.snapshotAt, timeZone)
        let plain = labels.isEmpty ? [wording(.updatedAt, ["time": time]), time] : labels + [shortStatusWord]
        guard widgets.maintenance != nil else { return plain }
        return plain.map { wording(.maintenanceWith, ["detail": $0]) } + [wording(.maintenance)]
    }

    /// The SSID, or the kind of link in this language: the widget model keeps the English
    /// word ("Ethernet", "Wi-Fi" for a hidden network) for machines.
    var networkName: String { widgets.small.shownNetworkName(wording) }
    /// The signal in dBm, or on a wired link its speed ("1 Gb/s"; "Wired" when unknown): the
    /// network name above already says "Ethernet".
    var signal: String {
        hasSignal ? dBm(widgets.small.signalDBm) : widgets.small.linkSpeedMbps.map { LinkText.speed($0, wording) } ?? wording(.wired)
    }
    /// "Signal", or "Link" where `signal` names the link.
    var signalLabel: String { hasSignal ? wording(.signal) : wording(.link) }
    /// False on a wired link: no bars, no dBm.
    var hasSignal: Bool { widgets.small.connectionType != .ethernet }
    var gatewayLatency: String { latency(widgets.medium.gatewayLatencyMs) }
    var publicIP: String { widgets.medium.publicIP ?? Self.dash }
    var gatewayIP: String { large.gatewayIP ?? Self.dash }
    /// The line's measured download and upload ("↓ 94 ↑ 19 Mb/s", then the download alone);
    /// empty where nothing measures it, so layouts leave its row out.
    var speedForms: [String] { widgets.speed.map { SpeedText.forms($0, wording) } ?? [] }

    var targets: String {
        widgets.medium.targetsTotal == 0
            ? Self.dash : wording.integer(widgets.medium.targetsOnline) + "/" + wording.integer(widgets.medium.targetsTotal)
    }

    var bandAndChannel: String {
        switch (large.band, large.channel) {
        case (nil, nil): Self.dash
        case (let band?, nil): band
        case (nil, let channel?): wording(.channel, ["channel": wording.integer(channel)])
        case (let band?, let channel?): band + wording.separator + wording(.channel, ["channel": wording.integer(channel)])
        }
    }

    /// The band and channel, then the band alone where both do not fit.
    var bandAndChannelForms: [String] { [bandAndChannel] + (large.band.map { [$0] } ?? []) }

    var provider: String {
        [large.ispName, large.asn].compactMap { $0 }.joined(separator: wording.separator).nonEmpty ?? Self.dash
    }

    var devices: String {
        large.devicesTotal == 0
            ? Self.dash
            : wording(.activeOfTotal, ["active": wording.integer(large.devicesActive), "total": wording.integer(large.devicesTotal)])
    }

    /// A device's kind in this language, for a row whose name is its address.
    func kind(_ type: LocalDevice.DeviceType) -> String {
        let phrases: [LocalDevice.DeviceType: Phrase] = [
            .phone: .devicePhone, .laptop: .deviceLaptop, .tablet: .deviceTablet, .tv: .deviceTV, .speaker: .deviceSpeaker,
            .gaming: .deviceGaming, .iot: .deviceIoT, .router: .deviceRouter, .printer: .devicePrinter, .unknown: .deviceUnknown,
        ]
        return phrases[type].map { wording($0) } ?? type.rawValue
    }

    func latency(_ milliseconds: Double?) -> String {
        guard let milliseconds else { return Self.dash }
        return LatencyText.format(milliseconds, oneDecimalBelow: 9.95, wording)
    }

    /// A target's latency with its loss and jitter, longest first ("44 ms · 20 % loss · 16 ms
    /// jitter", "44 ms · 20 % loss", "20 % loss"), so the row keeps what matters most when
    /// it is narrow; empty without either figure.
    func latencyAndQuality(_ row: LargeWidget.TargetRow) -> [String] {
        guard let quality = QualityText.format(lossPercent: row.lossPercent, jitterMs: row.jitterMs, wording) else { return [] }
        let latency = latency(row.latencyMs)
        let first =
            QualityText.format(lossPercent: row.lossPercent, jitterMs: row.lossPercent == nil ? row.jitterMs : nil, wording) ?? quality
        let forms = [latency + wording.separator + quality, latency + wording.separator + first, first]
        return forms.enumerated().filter { index, form in !forms[..<index].contains(form) }.map(\.element)
    }

    func dBm(_ value: Int?) -> String {
        guard let value else { return Self.dash }
        // A real minus sign, not a hyphen.
        return wording(.decibelMilliwatts, ["value": (value < 0 ? "\u{2212}" : "") + wording.integer(abs(value))])
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
