import Foundation
import NetsnapJSON

extension Snapshot {
    /// The snapshot as a schema-1 document; absent values are left out.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("schemaVersion", .number(Double(schemaVersion))),
            ("generatedAt", .string(RFC3339.format(generatedAt))),
        ]
        if isRedacted { members.append(("redacted", .bool(true))) }
        if let source {
            members.append(
                ("source", .object(compact([("kind", source.kind.map { .string($0.rawValue) }), ("name", string(source.name))]))))
        }
        if let session {
            members.append(("session", .object(compact([("startedAt", date(session.startedAt))]))))
        }
        members.append(("status", status.jsonValue))
        if let speed { members.append(("speed", speed.jsonValue)) }
        members.append(("targets", .array(targets.map { $0.jsonValue })))
        members.append(("devices", .array(devices.map { $0.jsonValue })))
        return .object(members)
    }
}

extension NetworkStatus {
    /// The status object of a snapshot document (also a `statusUpdate` payload).
    public var jsonValue: JSONValue {
        let location = location.map { location in
            JSONValue.object(compact([("city", string(location.city)), ("country", string(location.country))]))
        }
        return .object(
            compact([
                ("connectionType", .string(connectionType.rawValue)),
                ("ssid", string(ssid)),
                ("signalStrength", number(signalStrength.map(Double.init))),
                ("signalDBm", number(signalDBm.map(Double.init))),
                ("channel", number(channel.map(Double.init))),
                ("frequency", string(frequency)),
                ("bssid", string(bssid?.text)),
                ("securityType", string(securityType)),
                ("gatewayIP", string(gatewayIP?.text)),
                ("gatewayMAC", string(gatewayMAC?.text)),
                ("gatewayRedacted", gatewayRedacted ? .bool(true) : nil),
                ("gatewayVendor", string(gatewayVendor)),
                ("gatewayLatency", number(gatewayLatency)),
                ("publicIP", string(publicIP?.text)),
                ("ispName", string(ispName)),
                ("asn", string(asn)),
                ("location", location),
                ("interfaceName", string(interfaceName)),
                ("linkSpeedMbps", number(linkSpeedMbps.map(Double.init))),
                ("localIP", string(localIP?.text)),
                ("updatedAt", date(updatedAt)),
            ]))
    }
}

extension MonitoringTarget {
    /// The target as a snapshot document writes it.
    public var jsonValue: JSONValue {
        .object(
            compact([
                ("id", .string(UUIDText.format(id))),
                ("name", .string(name)),
                ("host", .string(host)),
                ("protocol", .string(probeProtocol.rawValue)),
                ("currentLatency", number(currentLatency)),
                ("lossPercent", number(lossPercent)),
                ("jitterMs", number(jitterMs)),
                ("isOnline", .bool(isOnline)),
                ("lastChecked", date(lastChecked)),
                ("lastError", string(lastError)),
                ("lastErrorAt", date(lastErrorAt)),
            ]))
    }
}

extension LocalDevice {
    /// The device as a snapshot document writes it.
    public var jsonValue: JSONValue {
        .object(
            compact([
                ("id", .string(UUIDText.format(id))),
                ("ipAddress", string(ipAddress?.text)),
                ("macAddress", string(macAddress?.text)),
                ("hostname", string(hostname)),
                ("vendor", string(vendor)),
                ("deviceType", .string(deviceType.rawValue)),
                ("customName", string(customName)),
                ("status", .string(status.rawValue)),
                ("firstSeen", date(firstSeen)),
                ("lastSeen", date(lastSeen)),
                ("connection", string(connection?.rawValue)),
                ("connectedVia", string(connectedVia.map(UUIDText.format))),
            ]))
    }
}

extension LocalDevice {
    /// `jsonValue` written compact, straight into `output`: `devices.json` writes 100,000 of
    /// them, and making each a tree first cost more than writing it.
    public func appendJSON(to output: inout [UInt8]) {
        var separator = UInt8(ascii: "{")
        func member(_ key: String, _ value: String?) {
            guard let value else { return }
            output.append(separator)
            separator = UInt8(ascii: ",")
            JSONWriter.appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            JSONWriter.appendString(value, to: &output)
        }
        member("id", UUIDText.format(id))
        member("ipAddress", ipAddress?.text)
        member("macAddress", macAddress?.text)
        member("hostname", hostname)
        member("vendor", vendor)
        member("deviceType", deviceType.rawValue)
        member("customName", customName)
        member("status", status.rawValue)
        member("firstSeen", RFC3339.format(firstSeen))
        member("lastSeen", RFC3339.format(lastSeen))
        member("connection", connection?.rawValue)
        member("connectedVia", connectedVia.map(UUIDText.format))
        output.append(UInt8(ascii: "}"))
    }
}

extension SpeedResult {
    /// The `speed` object of a snapshot document.
    public var jsonValue: JSONValue {
        .object(
            compact([
                ("measuredAt", date(measuredAt)),
                ("downloadMbps", number(downloadMbps)),
                ("uploadMbps", number(uploadMbps)),
                ("latencyMs", number(latencyMs)),
                ("jitterMs", number(jitterMs)),
                ("server", string(server)),
                ("tool", string(tool)),
                ("bytesUsed", number(bytesUsed)),
            ]))
    }
}

private func compact(_ members: [(String, JSONValue?)]) -> [(key: String, value: JSONValue)] {
    members.compactMap { key, value in value.map { (key, $0) } }
}

private func string(_ value: String?) -> JSONValue? { value.map(JSONValue.string) }
private func number(_ value: Double?) -> JSONValue? { value.map(JSONValue.number) }
private func date(_ value: Date?) -> JSONValue? { value.map { .string(RFC3339.format($0)) } }
