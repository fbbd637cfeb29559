import Foundation
import NetsnapModel
import NetsnapPush
import NetsnapTestSupport
import NetsnapWidgets

/// Small snapshots and frames for push's tests.
enum PushFixtures {
    static let snapshotTime = Date(timeIntervalSince1970: 1_795_000_000)
    static let nasID = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
    static let homeAssistantID = UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!

    /// A target on the LAN, checked when the snapshot was taken.
    static func target(_ id: UUID, _ name: String, online: Bool, latency: Double?) -> MonitoringTarget {
        SnapshotFixtures.icmpTarget(id, name, host: "192.168.1.10", online: online, latency: latency, checkedAt: snapshotTime)
    }

    static func snapshot(targets: [MonitoringTarget]? = nil, gatewayLatency: Double? = 3.25) -> Snapshot {
        Snapshot(
            generatedAt: snapshotTime,
            status: NetworkStatus(
                connectionType: .ethernet, gatewayIP: IPAddress("192.168.1.1"), gatewayLatency: gatewayLatency,
                publicIP: IPAddress("203.0.113.7"), ispName: "Example ISP", updatedAt: snapshotTime),
            targets: targets ?? [
                target(nasID, "NAS", online: true, latency: 1.04),
                target(homeAssistantID, "Home Assistant", online: false, latency: nil),
            ],
            devices: [
                LocalDevice(
                    id: UUID(), ipAddress: IPAddress("192.168.1.20"), macAddress: nil, hostname: nil, vendor: nil, deviceType: .phone,
                    customName: "Phone", status: .active, firstSeen: snapshotTime, lastSeen: snapshotTime),
                LocalDevice(
                    id: UUID(), ipAddress: IPAddress("192.168.1.21"), macAddress: nil, hostname: nil, vendor: nil, deviceType: .laptop,
                    customName: "Laptop", status: .idle, firstSeen: snapshotTime, lastSeen: snapshotTime),
            ])
    }

    /// A frame `secondsLater` than the snapshot (its freshness window is the default 300 s).
    static func frame(_ snapshot: Snapshot = snapshot(), secondsLater: Double = 10, events: [NetworkEvent] = []) -> PushFrame {
        PushFrame(widgets: WidgetSet(snapshot), events: events, now: snapshotTime.addingTimeInterval(secondsLater))
    }
}
