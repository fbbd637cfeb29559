import Foundation
import NetsnapRaster
import NetsnapWidgets

/// The words and numbers a tile shows, formatted once for every layout: absent values
/// as an em dash, never zero; clock times in the request's time zone.
struct TileContent {
    let widgets: WidgetSet
    let isStale: Bool
    private let timeZone: TimeZone

    static let dash = "\u{2014}"

    init(widgets: WidgetSet, now: Date, timeZone: TimeZone) {
        self.widgets = widgets
        self.isStale = widgets.isStale(at: now)
        self.timeZone = timeZone
    }

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

    /// "Updated 10:42", or "Stale · 10:42" once the snapshot has expired.
    var footer: String {
        (isStale ? "Stale \u{00B7} " : "Updated ") + clock(large.updatedAt)
    }

    var networkName: String { widgets.small.networkName }
    var signal: String { Self.dBm(widgets.small.signalDBm) }
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

    static func dBm(_ value: Int?) -> String {
        guard let value else { return dash }
        // A real minus sign, not a hyphen.
        return (value < 0 ? "\u{2212}\(-value)" : "\(value)") + " dBm"
    }

    func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
