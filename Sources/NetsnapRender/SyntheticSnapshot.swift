import Foundation
import NetsnapModel

/// Large, valid snapshots made to order, for the benchmark and scale tests.
public enum SyntheticSnapshot {
    /// A snapshot with `devices` devices and `targets` targets (every tenth offline),
    /// deterministic for the same arguments.
    public static func make(devices deviceCount: Int, targets targetCount: Int, at date: Date) -> Snapshot {
        let status = NetworkStatus(
            connectionType: .wifi, ssid: "Bench Wi-Fi", signalStrength: 70, signalDBm: -60, channel: 36,
            frequency: "5 GHz", bssid: MACAddress("a4:2b:b0:00:00:01"), gatewayIP: IPAddress("10.0.0.1"),
            gatewayMAC: MACAddress("a4:2b:b0:00:00:02"), gatewayVendor: "TP-Link", gatewayLatency: 3.5,
            publicIP: IPAddress("203.0.113.9"), ispName: "Example Fiber", asn: "AS64500", updatedAt: date)
        let targets = (0..<targetCount).map { index in
            MonitoringTarget(
                id: uuid(1, index), name: "Target \(index)", host: "host\(index).example.net",
                probeProtocol: .allCases[index % MonitoringTarget.ProbeProtocol.allCases.count],
                currentLatency: index % 10 == 9 ? nil : Double(index % 97) + 0.5, isOnline: index % 10 != 9,
                lastChecked: date)
        }
        let devices = (0..<deviceCount).map { device(index: $0, at: date) }
        return Snapshot(
            generatedAt: date, source: SnapshotSource(kind: .import, name: "synthetic"),
            status: status, targets: targets, devices: devices)
    }

    private static func device(index: Int, at date: Date) -> LocalDevice {
        let octets = [index >> 24 & 255, index >> 16 & 255, index >> 8 & 255, index & 255]
        let ip = "10.\(octets[1]).\(octets[2]).\(octets[3])"
        let mac = String(format: "02:00:%02x:%02x:%02x:%02x", octets[0], octets[1], octets[2], octets[3])
        let types = LocalDevice.DeviceType.allCases
        let statuses = LocalDevice.Status.allCases
        let firstSeen = date.addingTimeInterval(-Double(index % 100_000) * 60)
        return LocalDevice(
            id: uuid(2, index), ipAddress: IPAddress(ip), macAddress: MACAddress(mac), hostname: "device-\(index).lan",
            vendor: index % 3 == 0 ? "Apple" : nil, deviceType: types[index % types.count],
            status: statuses[index % statuses.count], firstSeen: firstSeen, lastSeen: date)
    }

    private static func uuid(_ kind: Int, _ index: Int) -> UUID {
        UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", kind, index))!
    }
}
