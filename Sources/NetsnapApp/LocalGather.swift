import Foundation
import Logging
import NetsnapConfiguration
import NetsnapGather
import NetsnapHistory
import NetsnapJSON
import NetsnapModel
import NetsnapWatch

/// Runs the local gatherer with the configuration's `gather:` section; its state file goes
/// in netsnap's state folder unless `gather.stateDirectory` says otherwise.
public struct LocalGather: Sendable {
    public let gatherer: Gatherer
    public let stateDirectory: String

    /// `speedInBackground`: a watch's gatherer, which never waits for a speed run.
    public init(configuration: Configuration, logger: Logger, speedInBackground: Bool = false) {
        var gather = configuration.gather
        let directory = gather.stateDirectory ?? StateDirectory.resolve(option: configuration.watch.stateDirectory)
        gather.stateDirectory = directory
        stateDirectory = directory
        gatherer = Gatherer(configuration: gather, logger: logger, speedInBackground: speedInBackground)
    }

    /// One gather; notes say which sources were missing and which probes failed.
    public func snapshot(sweep: Bool) async -> (snapshot: Snapshot, notes: [String]) {
        await gatherer.gather(sweep: sweep)
    }

    /// Hands the device ids and first-seen dates of the gatherer's state file to the history
    /// store, so devices keep them once history takes over. Returns how many were new.
    @discardableResult
    public func migrateState(into history: HistoryStore) throws(HistoryError) -> Int {
        let identities = GatherState.loadAll(directory: stateDirectory).flatMap(\.devices).compactMap { device -> DeviceIdentity? in
            guard let mac = MACAddress(device.mac), let firstSeen = RFC3339.parse(device.firstSeen),
                let lastSeen = RFC3339.parse(device.lastSeen)
            else { return nil }
            return DeviceIdentity(key: mac.text, id: device.id, firstSeen: firstSeen, lastSeen: lastSeen)
        }
        return try history.importIdentities(identities)
    }
}
