import Foundation
import NetsnapDisplays
import NetsnapModel
import Testing

@testable import NetsnapServer

/// The displays' gauges in the server's `/metrics`.
@Suite struct DisplayMetricsTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func record() throws -> DisplayRecord {
        var record = DisplayRecord(device: try #require(MACAddress("AA:BB:CC:DD:EE:FF")), lastSeen: start)
        record.absorb(DisplayReport(batteryVolts: 4.1, rssi: -55, firmware: "1.8.5", model: "og"), at: start)
        record.answeredRefreshSeconds = 900
        return record
    }

    /// `/metrics`: battery volts, RSSI in dBm and the last-seen time, per display by its friendly id.
    @Test func metricsCarryEachDisplaysGauges() throws {
        let metrics = ServerMetrics()
        var record = try Self.record()
        metrics.record([record])
        record.absorb(DisplayReport(batteryVolts: 3.95, rssi: -67), at: Self.start.addingTimeInterval(60))
        metrics.record([record])
        let text = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)
        let id = record.friendlyID
        #expect(text.contains("netsnap_display_battery_volts{display=\"\(id)\"} 3.95\n"))
        #expect(
            text.contains("netsnap_display_rssi_dbm{display=\"\(id)\"} -67.0\n")
                || text.contains("netsnap_display_rssi_dbm{display=\"\(id)\"} -67\n"))
        #expect(text.contains("netsnap_display_last_seen_timestamp_seconds{display=\"\(id)\"} 1795000060"))
        #expect(text.components(separatedBy: "# TYPE netsnap_display_battery_volts gauge").count == 2)
    }
}
