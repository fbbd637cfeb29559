import Foundation
import NetsnapJSON
import NetsnapModel

/// `devices.json`: every device of the snapshot in the snapshot format's device shape — the
/// full list behind the dashboard's first 200. Kept out of widgets.json, which pages fetch
/// every refresh interval and which must stay small however large the network is. It holds
/// no render time, so its bytes change only when the snapshot does.
public enum DevicesFeed {
    /// `expiresAt` is the widgets' (snapshot time + freshness window): a consumer that reads
    /// only this file can still tell an old device list from a current one.
    public static func json(_ snapshot: Snapshot, expiresAt: Date, context: FeedContext) -> JSONValue {
        .object([
            ("schemaVersion", .number(1)),
            ("snapshotAt", .date(snapshot.generatedAt)),
            ("expiresAt", .date(expiresAt)),
            ("redacted", .bool(context.redacted)),
            ("devices", .array(snapshot.devices.map { $0.jsonValue })),
        ])
    }

    /// Pass the snapshot already redacted when `context.redacted` is set. Written compact:
    /// it is for programs, and with 100,000 devices indentation alone adds megabytes. The
    /// same bytes as `json` written compact, a device at a time and straight from the model:
    /// a tree of 100,000 devices cost more than writing them.
    public static func bytes(_ snapshot: Snapshot, expiresAt: Date, context: FeedContext) -> [UInt8] {
        var head = snapshot
        head.devices = []
        var output = JSONWriter.bytes(json(head, expiresAt: expiresAt, context: context), pretty: false)
        guard output.suffix(3) == Array("[]}".utf8), !snapshot.devices.isEmpty else { return output }
        output.removeLast(2)
        // About 250 bytes a device.
        output.reserveCapacity(output.count + snapshot.devices.count * 256)
        for (index, device) in snapshot.devices.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            device.appendJSON(to: &output)
        }
        output.append(contentsOf: "]}".utf8)
        return output
    }
}
