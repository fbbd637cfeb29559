import Foundation

/// Health for plain `serve`, where another process (`netsnap watch`, a cron job running
/// `render`) refreshes the folder: the last success is the modification time of
/// `widgets.json`, which every render rewrites because it carries `generatedAt`.
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
        return WatchHealth(intervalSeconds: intervalSeconds, lastSuccessAt: modified)
    }
}
