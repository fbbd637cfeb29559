import Foundation
import NetsnapModel

/// The snapshot parts the tests of several modules each built a copy of: the home Wi-Fi
/// network the widget and tile tests draw, ids that read as their index, the NAS of the
/// history and site tests, and a target probed by ICMP. Each test target still puts together
/// the snapshots its cases need.
public enum SnapshotFixtures {
    /// 2026-11-21T10:42:07Z: when the home Wi-Fi network's snapshot was taken.
    public static let homeWiFiTakenAt = Date(timeIntervalSince1970: 1_795_257_727)

    /// The NAS's target id.
    public static let nasID = UUID(uuidString: "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A01")!

    /// A healthy 5 GHz Wi-Fi link with its gateway, public address and ISP, read 2 s before
    /// `homeWiFiTakenAt`; the tile tests vary the name, the gateway's latency and the signal.
    public static func homeWiFiStatus(ssid: String = "Home Wi-Fi", gatewayLatency: Double? = 4.2, signalDBm: Int? = -58) -> NetworkStatus {
        NetworkStatus(
            connectionType: .wifi, ssid: ssid, signalStrength: 72, signalDBm: signalDBm, channel: 36,
            frequency: "5 GHz", gatewayIP: IPAddress("192.168.1.1"), gatewayMAC: MACAddress("a4:2b:b0:11:22:30"),
            gatewayLatency: gatewayLatency, publicIP: IPAddress("203.0.113.7"), ispName: "Example Fiber", asn: "AS64500",
            updatedAt: homeWiFiTakenAt.addingTimeInterval(-2))
    }

    /// An id that reads as `index`: 00000000-0000-4000-8000-000000000042 for 42.
    public static func uuid(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!
    }

    /// A target probed by ICMP, last checked at `checkedAt`.
    public static func icmpTarget(
        _ id: UUID, _ name: String, host: String, online: Bool, latency: Double?, checkedAt: Date
    ) -> MonitoringTarget {
        MonitoringTarget(
            id: id, name: name, host: host, probeProtocol: .icmp, currentLatency: latency, isOnline: online, lastChecked: checkedAt)
    }
}
