import Foundation
import NetsnapJSON
import NetsnapModel

/// Health for plain `serve`, where another process (`netsnap watch`, a cron job running
/// `render`) refreshes the folder: the last success is the modification time of
/// `widgets.json`, which every render rewrites because it carries `generatedAt`, and the
/// data's age comes from the `snapshotAt` and `expiresAt` it states.
public struct OutputFolderStatus: WatchStatus {
    public let directory: String
    public let intervalSeconds: Double

    public init(directory: String, intervalSeconds: Double) {
        self.directory = directory
        self.intervalSeconds = intervalSeconds
    }

    public func health() -> WatchHealth {
        let path = directory + "/widgets.json"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else {
            return WatchHealth(intervalSeconds: intervalSeconds, lastError: "\(path) not found")
        }
        var health = WatchHealth(intervalSeconds: intervalSeconds, lastSuccessAt: modified)
        guard let data = FileManager.default.contents(atPath: path), let document = try? JSONParser.parse(Array(data)),
            case .string(let snapshotAt)? = document["snapshotAt"], case .string(let expiresAt)? = document["expiresAt"]
        else {
            health.lastError = "\(path) states no snapshotAt and expiresAt"
            return health
        }
        health.snapshotAt = RFC3339.parse(snapshotAt)
        health.expiresAt = RFC3339.parse(expiresAt)
        return health
    }
}
