import Foundation

extension Snapshot {
    /// The snapshot fit for the open web: no public IP, MAC address, device IP, the host's own
    /// address or hostname.
    /// Custom names stay. Target hosts that name a local address, the public IP or a device
    /// are hidden too, since a target is often one of the devices.
    public func redacted() -> Snapshot {
        var copy = self
        copy.isRedacted = true
        // Compared case-insensitively and, for addresses, in canonical form.
        let deviceHosts = Set(
            (devices.flatMap { [$0.ipAddress?.text, $0.hostname] } + [status.gatewayIP?.text, status.publicIP?.text, status.localIP?.text])
                .compactMap { $0?.lowercased() })
        copy.status.gatewayRedacted = status.gatewayRedacted || status.gatewayIP != nil || status.gatewayMAC != nil
        copy.status.publicIP = nil
        copy.status.bssid = nil
        copy.status.gatewayMAC = nil
        copy.status.gatewayIP = nil
        copy.status.location = nil
        copy.status.localIP = nil
        copy.targets = targets.map { target in
            var target = target
            // A host may be a URL ("http://nas.lan:5000/"): judge the host inside it.
            let host = (target.host.contains("://") ? URLComponents(string: target.host)?.host : nil) ?? target.host
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            let address = IPAddress(bare)
            if deviceHosts.contains(bare.lowercased()) || address.map({ deviceHosts.contains($0.text) || $0.isLocal }) == true {
                target.host = Self.redactedText
                // A probe's reason may name the host it failed on ("cannot resolve nas.lan: …").
                target.lastError = target.lastError?.replacingOccurrences(
                    of: bare, with: Self.redactedText, options: .caseInsensitive)
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
