import Foundation
import NetsnapModel
import NetsnapTestSupport

/// Scripted snapshots: one every minute from a fixed start.
enum HistoryFixtures {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let nas = SnapshotFixtures.nasID
    static let web = UUID(uuidString: "5B6F1C1E-2D7A-4C35-9C1F-0D6A8E3B9A02")!

    /// Every sample of the gateway in the roll-ups: the hours, and the half-hours not folded
    /// into them yet.
    static let gatewaySamples = """
        SELECT (SELECT COALESCE(SUM(samples), 0) FROM hourlyRollup WHERE seriesKey = 'gateway')
            + (SELECT COALESCE(SUM(samples), 0) FROM halfHourRollup WHERE seriesKey = 'gateway' AND folded = 0)
        """

    static func temporaryDatabase() -> String {
        let folder = TemporaryFolder.path("history")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/history.sqlite"
    }

    static func device(_ mac: String, name: String, id: UUID = UUID()) -> LocalDevice {
        LocalDevice(
            id: id, ipAddress: IPAddress("192.168.1.\(Int(mac.suffix(2), radix: 16)!)"), macAddress: MACAddress(mac),
            customName: name, status: .active, firstSeen: start, lastSeen: start)
    }

    static func snapshot(
        minute: Int, nasOnline: Bool = true, gatewayLatency: Double? = 4, gatewayIP: String? = "192.168.1.1",
        devices: [LocalDevice]? = nil
    ) -> Snapshot {
        let at = start.addingTimeInterval(Double(minute) * 60)
        let status = NetworkStatus(
            connectionType: .wifi, ssid: "Home", gatewayIP: gatewayIP.flatMap(IPAddress.init), gatewayLatency: gatewayLatency,
            updatedAt: at)
        let targets = [
            SnapshotFixtures.icmpTarget(nas, "NAS", host: "192.168.1.10", online: nasOnline, latency: nasOnline ? 2 : nil, checkedAt: at),
            MonitoringTarget(
                id: web, name: "Web", host: "example.com", probeProtocol: .https, currentLatency: 40, isOnline: true,
                lastChecked: at),
        ]
        let list = devices ?? [device("3c:22:fb:00:00:17", name: "Phone"), device("3c:22:fb:00:00:18", name: "Laptop")]
        return Snapshot(generatedAt: at, status: status, targets: targets, devices: list)
    }
}
