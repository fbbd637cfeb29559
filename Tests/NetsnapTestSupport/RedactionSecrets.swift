import Foundation
import NetsnapModel

/// What redaction must remove from a snapshot, for the render tests of redacted outputs and
/// the watch tests of a redacted loop's files.
public enum RedactionSecrets {
    /// Every MAC, device IP, hostname and the public IP of `snapshot`.
    public static func of(_ snapshot: Snapshot) -> [String] {
        var secrets = [snapshot.status.publicIP?.text, snapshot.status.gatewayMAC?.text, snapshot.status.bssid?.text]
        secrets += snapshot.devices.flatMap { [$0.ipAddress?.text, $0.macAddress?.text, $0.hostname] }
        let found = secrets.compactMap { $0 }
        // MACs in upper case or with dashes must not appear either.
        return found + found.filter { MACAddress($0) != nil }.flatMap { [$0.uppercased(), $0.replacingOccurrences(of: ":", with: "-")] }
    }
}
