import Foundation
import NetsnapModel
import NetsnapTestSupport

/// A small healthy network to bend into each case.
enum WidgetFixtures {
    static let now = SnapshotFixtures.homeWiFiTakenAt

    static func snapshot() -> Snapshot {
        let status = SnapshotFixtures.homeWiFiStatus()
        let targets = [("A", 10.0), ("B", 30.0), ("C", 20.0)].enumerated().map { index, entry in
            SnapshotFixtures.icmpTarget(
                SnapshotFixtures.uuid(index), entry.0, host: "\(entry.0.lowercased()).example", online: true, latency: entry.1,
                checkedAt: now)
        }
        return Snapshot(generatedAt: now, status: status, targets: targets, devices: [])
    }

    static func device(_ index: Int, firstSeenDaysAgo days: Double, status: LocalDevice.Status = .active) -> LocalDevice {
        LocalDevice(
            id: SnapshotFixtures.uuid(100 + index), ipAddress: IPAddress("192.168.1.\(index + 10)"),
            macAddress: MACAddress(String(format: "3c:22:fb:00:00:%02x", index)), hostname: "host-\(index).lan",
            vendor: "Apple", deviceType: .phone, status: status, firstSeen: now.addingTimeInterval(-days * 86_400),
            lastSeen: now)
    }
}
