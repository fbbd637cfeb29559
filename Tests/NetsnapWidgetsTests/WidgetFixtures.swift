import Foundation
import NetsnapModel

/// A small healthy network to bend into each case.
enum WidgetFixtures {
    static let now = Date(timeIntervalSince1970: 1_795_257_727)

    static func snapshot() -> Snapshot {
        let status = NetworkStatus(
            connectionType: .wifi, ssid: "Home Wi-Fi", signalStrength: 72, signalDBm: -58, channel: 36,
            frequency: "5 GHz", gatewayIP: IPAddress("192.168.1.1"), gatewayMAC: MACAddress("a4:2b:b0:11:22:30"),
            gatewayLatency: 4.2, publicIP: IPAddress("203.0.113.7"), ispName: "Example Fiber", asn: "AS64500",
            updatedAt: now.addingTimeInterval(-2))
        let targets = [("A", 10.0), ("B", 30.0), ("C", 20.0)].enumerated().map { index, entry in
            MonitoringTarget(
                id: uuid(index), name: entry.0, host: "\(entry.0.lowercased()).example", probeProtocol: .icmp,
                currentLatency: entry.1, isOnline: true, lastChecked: now)
        }
        return Snapshot(generatedAt: now, status: status, targets: targets, devices: [])
    }

    static func device(_ index: Int, firstSeenDaysAgo days: Double, status: LocalDevice.Status = .active) -> LocalDevice {
        LocalDevice(
            id: uuid(100 + index), ipAddress: IPAddress("192.168.1.\(index + 10)"),
            macAddress: MACAddress(String(format: "3c:22:fb:00:00:%02x", index)), hostname: "host-\(index).lan",
            vendor: "Apple", deviceType: .phone, status: status, firstSeen: now.addingTimeInterval(-days * 86_400),
            lastSeen: now)
    }

    static func uuid(_ index: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!
    }
}
