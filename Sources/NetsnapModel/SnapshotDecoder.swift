import Foundation
import NetsnapJSON

/// Decodes and strictly validates snapshot documents (schema 1). Every violation is
/// collected with its JSON path; unknown keys are ignored, as the contract says.
public enum SnapshotDecoder {
    /// The snapshot in `bytes`, or a `SnapshotError` listing every issue found.
    public static func decode(_ bytes: [UInt8]) throws(SnapshotError) -> Snapshot {
        if let snapshot = decodeScanningDevices(bytes) { return snapshot }
        return try decodeGenerally(bytes)
    }

    /// The plain, valid document the quick way: its `devices` read by `DeviceArrayScanner`.
    /// Nil for anything else — a syntax error, an issue anywhere, devices the scanner leaves
    /// alone — which `decodeGenerally` then reads and reports on.
    static func decodeScanningDevices(_ bytes: [UInt8]) -> Snapshot? {
        final class Scanned {
            var devices: [LocalDevice]?
            var gaveUp = false
        }
        let scanned = Scanned()
        let root = try? JSONParser.parse(bytes) { key, bytes, start in
            guard key == "devices" else { return nil }
            guard let (devices, end) = DeviceArrayScanner.scan(bytes, from: start) else {
                scanned.gaveUp = true
                return nil
            }
            scanned.devices = devices
            return (.array([]), end)
        }
        guard let root, !scanned.gaveUp else { return nil }
        let issues = IssueCollector()
        guard let reader = ObjectReader(root, path: "", issues: issues), (try? checkSchemaVersion(reader)) != nil,
            let snapshot = decodeDocument(reader, scannedDevices: scanned.devices), issues.isEmpty
        else { return nil }
        return snapshot
    }

    /// Decodes with every value read through `ObjectReader`, collecting every issue: what
    /// `decode` falls back to, and the reference the fuzzer holds the quick path to.
    public static func decodeGenerally(_ bytes: [UInt8]) throws(SnapshotError) -> Snapshot {
        let root = try parse(bytes)
        let issues = IssueCollector()
        guard let reader = ObjectReader(root, path: "", issues: issues) else {
            throw SnapshotError(issues: issues.report)
        }
        try checkSchemaVersion(reader)
        let snapshot = decodeDocument(reader)
        guard issues.isEmpty, let snapshot else { throw SnapshotError(issues: issues.report) }
        return snapshot
    }

    /// Parses JSON text, turning a syntax error into an issue at its line and column.
    /// In a message stream each message is one line: `streamLine` names it.
    static func parse(_ bytes: [UInt8], streamLine: Int? = nil) throws(SnapshotError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            let location =
                streamLine.map { "line \($0), column \(error.column)" }
                ?? "line \(error.line), column \(error.column)"
            throw SnapshotError(issues: [SnapshotIssue(location: location, message: error.message)])
        }
    }

    /// A newer schema is refused on its own: its other fields may mean something else.
    private static func checkSchemaVersion(_ reader: ObjectReader) throws(SnapshotError) {
        guard case .number(let version)? = reader.members.last(where: { $0.key == "schemaVersion" })?.value,
            version == version.rounded(), version > Double(Snapshot.supportedSchemaVersion)
        else { return }
        let message =
            "snapshot schema \(JSONWriter.format(version)) is newer than this netsnap understands "
            + "(\(Snapshot.supportedSchemaVersion)): upgrade netsnap"
        throw SnapshotError(issues: [SnapshotIssue(location: "schemaVersion", message: message)])
    }

    private static func decodeDocument(_ reader: ObjectReader, scannedDevices: [LocalDevice]? = nil) -> Snapshot? {
        let version = reader.integer("schemaVersion", in: 1...Snapshot.supportedSchemaVersion, required: true)
        let generatedAt = reader.date("generatedAt", required: true)
        let source = reader.object("source").map { source in
            SnapshotSource(kind: source.enumeration("kind"), name: source.string("name", limit: .name))
        }
        let session = reader.object("session").map { MonitoringSession(startedAt: $0.date("startedAt")) }
        let status = reader.object("status", required: true).flatMap(decodeStatus)
        let redacted = reader.bool("redacted") ?? false
        let speed = reader.object("speed").flatMap(decodeSpeed)
        let targets = decodeTargets(reader.array("targets") ?? [], path: reader.childPath("targets"), issues: reader.issues)
        let devices =
            scannedDevices
            ?? decodeDevices(
                reader.array("devices") ?? [], path: reader.childPath("devices"), addressesRequired: !redacted, issues: reader.issues)
        guard let version, let generatedAt, let status else { return nil }
        var snapshot = Snapshot(
            schemaVersion: version, generatedAt: generatedAt, source: source, session: session, status: status,
            targets: targets, devices: devices)
        snapshot.isRedacted = redacted
        snapshot.speed = speed
        return snapshot
    }

    /// A `speed` object on its own (a kept result), nil when it breaks the contract.
    public static func decodeSpeed(_ value: JSONValue) -> SpeedResult? {
        let issues = IssueCollector()
        guard let reader = ObjectReader(value, path: "speed", issues: issues), let result = decodeSpeed(reader), issues.isEmpty
        else { return nil }
        return result
    }

    static func decodeSpeed(_ reader: ObjectReader) -> SpeedResult? {
        let measuredAt = reader.date("measuredAt", required: true)
        let result = SpeedResult(
            measuredAt: measuredAt ?? Date(timeIntervalSince1970: 0), downloadMbps: reader.measurement("downloadMbps"),
            uploadMbps: reader.measurement("uploadMbps"), latencyMs: reader.measurement("latencyMs"),
            jitterMs: reader.measurement("jitterMs"), server: reader.string("server", limit: .name),
            tool: reader.string("tool", limit: .label), bytesUsed: reader.measurement("bytesUsed"))
        return measuredAt == nil ? nil : result
    }

    static func decodeStatus(_ reader: ObjectReader) -> NetworkStatus? {
        let connectionType: NetworkStatus.ConnectionType? = reader.enumeration("connectionType", required: true)
        let updatedAt = reader.date("updatedAt", required: true)
        let location = reader.object("location").map {
            Location(city: $0.string("city", limit: .place), country: $0.string("country", limit: .place))
        }
        let ssid = reader.string("ssid", limit: .ssid)
        let signalStrength = reader.integer("signalStrength", in: 0...100)
        let signalDBm = reader.integer("signalDBm", in: -120...0)
        let channel = reader.integer("channel", in: 1...233)
        let frequency = reader.string("frequency", limit: .label)
        let bssid = reader.macAddress("bssid")
        let securityType = reader.string("securityType", limit: .label)
        let gatewayIP = reader.ipAddress("gatewayIP")
        let gatewayMAC = reader.macAddress("gatewayMAC")
        let gatewayVendor = reader.string("gatewayVendor", limit: .name)
        let gatewayLatency = reader.measurement("gatewayLatency")
        let publicIP = reader.ipAddress("publicIP")
        let ispName = reader.string("ispName", limit: .name)
        let asn = reader.string("asn", limit: .label)
        let interfaceName = reader.string("interfaceName", limit: .label)
        let linkSpeedMbps = reader.integer("linkSpeedMbps", in: 1...10_000_000)
        let localIP = reader.ipAddress("localIP")
        let gatewayRedacted = reader.bool("gatewayRedacted") ?? false
        guard let connectionType, let updatedAt else { return nil }
        var status = NetworkStatus(
            connectionType: connectionType, ssid: ssid, signalStrength: signalStrength, signalDBm: signalDBm,
            channel: channel, frequency: frequency, bssid: bssid, securityType: securityType, gatewayIP: gatewayIP,
            gatewayMAC: gatewayMAC, gatewayVendor: gatewayVendor, gatewayLatency: gatewayLatency, publicIP: publicIP,
            ispName: ispName, asn: asn, location: location, interfaceName: interfaceName, linkSpeedMbps: linkSpeedMbps,
            localIP: localIP, updatedAt: updatedAt)
        status.gatewayRedacted = gatewayRedacted
        return status
    }

    static func decodeTargets(_ elements: [JSONValue], path: String, issues: IssueCollector) -> [MonitoringTarget] {
        var targets: [MonitoringTarget] = []
        targets.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let reader = ObjectReader(element, arrayPath: path, index: index, issues: issues) else { continue }
            let id = reader.uuid("id", required: true)
            let name = reader.string("name", limit: .name, required: true, nonEmpty: true)
            let host = reader.string("host", limit: .host, required: true, nonEmpty: true)
            let probeProtocol: MonitoringTarget.ProbeProtocol? = reader.enumeration("protocol", required: true)
            let latency = reader.measurement("currentLatency")
            let loss = reader.percentage("lossPercent")
            let jitter = reader.measurement("jitterMs")
            let isOnline = reader.bool("isOnline", required: true)
            let lastChecked = reader.date("lastChecked", required: true)
            let lastError = reader.string("lastError", limit: .name)
            let lastErrorAt = reader.date("lastErrorAt")
            guard let id, let name, let host, let probeProtocol, let isOnline, let lastChecked else { continue }
            targets.append(
                MonitoringTarget(
                    id: id, name: name, host: host, probeProtocol: probeProtocol, currentLatency: latency,
                    lossPercent: loss, jitterMs: jitter, isOnline: isOnline, lastChecked: lastChecked, lastError: lastError,
                    lastErrorAt: lastErrorAt))
        }
        return targets
    }

    /// `DeviceArrayScanner` reads the same members: a new one is taught to it too (until then
    /// documents holding it take this path). A redacted document's devices may lack their
    /// addresses (`addressesRequired` false); present, they must still parse.
    static func decodeDevices(
        _ elements: [JSONValue], path: String, addressesRequired: Bool = true, issues: IssueCollector
    ) -> [LocalDevice] {
        var devices: [LocalDevice] = []
        devices.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let reader = ObjectReader(element, arrayPath: path, index: index, issues: issues) else { continue }
            let id = reader.uuid("id", required: true)
            let ipAddress = reader.ipAddress("ipAddress", required: addressesRequired)
            let macAddress = reader.macAddress("macAddress", required: addressesRequired)
            let hostname = reader.string("hostname", limit: .hostname)
            let vendor = reader.string("vendor", limit: .name)
            let deviceType: LocalDevice.DeviceType = reader.enumeration("deviceType", fallback: .unknown) ?? .unknown
            let customName = reader.string("customName", limit: .name)
            let status: LocalDevice.Status? = reader.enumeration("status", required: true)
            let firstSeen = reader.date("firstSeen", required: true)
            let lastSeen = reader.date("lastSeen", required: true)
            let connection: LocalDevice.Connection? = reader.enumeration("connection")
            let connectedVia = reader.uuid("connectedVia")
            guard let id, let status, let firstSeen, let lastSeen, !addressesRequired || (ipAddress != nil && macAddress != nil) else {
                continue
            }
            devices.append(
                LocalDevice(
                    id: id, ipAddress: ipAddress, macAddress: macAddress, hostname: hostname, vendor: vendor,
                    deviceType: deviceType, customName: customName, status: status, firstSeen: firstSeen,
                    lastSeen: lastSeen, connection: connection, connectedVia: connectedVia))
        }
        return devices
    }
}
