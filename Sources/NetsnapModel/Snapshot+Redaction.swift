extension Snapshot {
    /// The snapshot fit for the open web: no public IP, MAC address, device IP or hostname.
    /// Custom names stay. Target hosts that name a local address or a device are hidden too,
    /// since a target is often one of the devices.
    public func redacted() -> Snapshot {
        var copy = self
        let deviceHosts = Set(devices.flatMap { [$0.ipAddress?.text, $0.hostname].compactMap { $0 } })
            .union([status.gatewayIP?.text].compactMap { $0 })
        copy.status.publicIP = nil
        copy.status.bssid = nil
        copy.status.gatewayMAC = nil
        copy.status.gatewayIP = nil
        copy.status.location = nil
        copy.targets = targets.map { target in
            var target = target
            if deviceHosts.contains(target.host) || IPAddress(target.host)?.isLocal == true {
                target.host = Self.redactedText
            }
            return target
        }
        copy.devices = devices.map { device in
            var device = device
            device.ipAddress = nil
            device.macAddress = nil
            device.hostname = nil
            return device
        }
        return copy
    }

    /// What a hidden value reads as where the field cannot be left out.
    public static let redactedText = "redacted"
}
