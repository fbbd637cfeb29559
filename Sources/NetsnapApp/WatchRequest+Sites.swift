import Foundation
import Logging
import NetsnapConfiguration
import NetsnapHistory
import NetsnapPush
import NetsnapRender
import NetsnapSites
import NetsnapWatch

extension WatchRequest {
    /// The wall of sites with `--sites`: the `sites:` section's broker, else the `mqtt:`
    /// section's; nil without `--sites`.
    func makeSites(
        _ configuration: Configuration, installationID: String, renderer: OutputRenderer, history: HistoryStore, push: PushService?,
        lock: StateFolderLock
    ) throws(ApplicationFailure) -> SitesService? {
        guard sites else { return nil }
        guard var settings = configuration.sites ?? configuration.mqtt.map(SitesSettings.init(broker:)) else {
            throw ApplicationFailure(.usage, "error: --sites needs a sites: or mqtt: section naming the broker the sites publish to")
        }
        settings.broker.installationID = installationID
        return SitesService(
            settings: settings, renderer: renderer, intervalSeconds: configuration.watch.intervalSeconds,
            logger: Logger(label: "netsnap.sites"), maximumCycles: cycles,
            onCycle: { _, _ in
                // The state folder stays locked while the wall runs, with or without a watch loop.
                withExtendedLifetime(lock) {}
            })
    }
}
