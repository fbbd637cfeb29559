import Foundation
import NetsnapModel
import NetsnapTestSupport
import NetsnapText
import NetsnapTiles
import NetsnapWidgets

/// A fixed network, render time and renderer for every tile test.
enum TileFixtures {
    /// 2026-11-21T10:42:07Z.
    static let snapshotAt = SnapshotFixtures.homeWiFiTakenAt
    static let freshNow = snapshotAt.addingTimeInterval(60)
    static let staleNow = snapshotAt.addingTimeInterval(3_600)
    static let utc = TimeZone(identifier: "UTC")!

    static let renderer = TileRenderer(fonts: try! FontSystem())

    static func snapshot(
        ssid: String = "Home Wi-Fi", gatewayLatency: Double? = 4.2, signalDBm: Int? = -58, targetNames: [String]? = nil,
        allOnline: Bool = true
    ) -> Snapshot {
        let status = SnapshotFixtures.homeWiFiStatus(ssid: ssid, gatewayLatency: gatewayLatency, signalDBm: signalDBm)
        let names = targetNames ?? ["NAS", "Router admin", "Cloudflare DNS", "Home Assistant", "Printer"]
        let targets = names.enumerated().map { index, name in
            SnapshotFixtures.icmpTarget(
                SnapshotFixtures.uuid(index), name, host: "host\(index).example", online: allOnline || index != 1,
                latency: Double(index * 7 + 2), checkedAt: snapshotAt)
        }
        let devices = ["Anna's iPhone", "Living Room TV", "Office Printer", "Kitchen Speaker"].enumerated().map { index, name in
            LocalDevice(
                id: SnapshotFixtures.uuid(100 + index), ipAddress: IPAddress("192.168.1.\(index + 20)"),
                macAddress: MACAddress(String(format: "3c:22:fb:00:00:%02x", index)), hostname: nil, vendor: "Apple",
                deviceType: .phone, customName: name, status: index == 3 ? .idle : .active,
                firstSeen: snapshotAt.addingTimeInterval(Double(-index) * 86_400), lastSeen: snapshotAt)
        }
        return Snapshot(generatedAt: snapshotAt, status: status, targets: targets, devices: devices)
    }

    /// A line measured three hours before the snapshot: the row the medium and large tiles,
    /// TRMNL and the Kindle draw in place of an address.
    static let speed = SpeedResult(
        measuredAt: snapshotAt.addingTimeInterval(-3 * 3_600), downloadMbps: 94.2, uploadMbps: 18.7, latencyMs: 12.5,
        jitterMs: 1.5, server: "Example Fiber", tool: "ookla")

    static func widgets(_ snapshot: Snapshot = snapshot(), history: HistorySummary? = nil) -> WidgetSet {
        WidgetSet(snapshot, history: history)
    }

    /// A day of gateway latency: a gentle wave, nothing measured from bucket 14 to 19,
    /// a spike at 35; and a 24 h uptime for every target of `snapshot()`.
    static func history(gateway: [Double?]? = nil) -> HistorySummary {
        let points =
            gateway
            ?? (0..<48).map { index -> Double? in
                if (14..<20).contains(index) { return nil }
                return index == 35 ? 30 : 4 + 2 * sin(Double(index) / 8)
            }
        let series = HistorySummary.LatencySeries(bucketSeconds: 1800, endsAt: snapshotAt, points: points)
        let names = ["NAS", "Router admin", "Cloudflare DNS", "Home Assistant", "Printer"]
        let targets = names.enumerated().map { index, name in
            HistorySummary.TargetUptime(
                targetID: SnapshotFixtures.uuid(index), name: name, uptime24h: 100 - Double(index) * 1.25, uptime7d: 99, latency: series)
        }
        return HistorySummary(gatewayLatency: series, targets: targets)
    }
}
