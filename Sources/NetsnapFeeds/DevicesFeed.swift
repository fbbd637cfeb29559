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
    /// it is for programs, and with 100,000 devices indentation alone adds megabytes.
    public static func bytes(_ snapshot: Snapshot, expiresAt: Date, context: FeedContext) -> [UInt8] {
        // About 250 bytes a device.
        JSONWriter.bytes(
            json(snapshot, expiresAt: expiresAt, context: context), pretty: false, capacity: 4096 + snapshot.devices.count * 256)
    }
}
