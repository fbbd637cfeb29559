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
        // An iperf3 server is often a box on the LAN, named by its address or host name.
        if let server = speed?.server, Self.hiddenHost(server, among: deviceHosts) != nil { copy.speed?.server = nil }
        copy.targets = targets.map { target in
            var target = target
            if let bare = Self.hiddenHost(target.host, among: deviceHosts) {
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

    /// The host `text` names, when redaction hides it: a local address, or one of
    /// `deviceHosts` (lowercased names and canonical addresses); nil for anything else. A URL
    /// ("http://nas.lan:5000/") is judged by the host inside it.
    static func hiddenHost(_ text: String, among deviceHosts: Set<String>) -> String? {
        let host = (text.contains("://") ? URLComponents(string: text)?.host : nil) ?? text
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let address = IPAddress(bare)
        let hidden = deviceHosts.contains(bare.lowercased()) || address.map { deviceHosts.contains($0.text) || $0.isLocal } == true
        return hidden ? bare : nil
    }
}
