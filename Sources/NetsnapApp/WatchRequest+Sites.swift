import Foundation
import Logging
import NetsnapConfiguration
import NetsnapHistory
import NetsnapPush
import NetsnapRender
import NetsnapSites
import NetsnapWatch
import Synchronization

extension WatchRequest {
    /// The wall of sites with `--sites`: the `sites:` section's broker, else the `mqtt:`
    /// section's; nil without `--sites`.
    func makeSites(
        _ configuration: Configuration, installationID: String, renderer: OutputRenderer, history: HistoryStore, push: PushService?,
        lock: StateFolderLock, monitor: WatchMonitor
    ) throws(ApplicationFailure) -> SitesService? {
        guard sites else { return nil }
        guard var settings = configuration.sites ?? configuration.mqtt.map(SitesSettings.init(broker:)) else {
            throw ApplicationFailure(.usage, "error: --sites needs a sites: or mqtt: section naming the broker the sites publish to")
        }
        settings.broker.installationID = installationID
        let logger = Logger(label: "netsnap.sites")
        let forwarding = EventDetector(
            failuresBeforeEvent: configuration.watch.failuresBeforeEvent,
            latencyThresholdMs: configuration.render.widgets.latencyThresholdMs, wording: configuration.render.wording)
        let lostAfterSeconds = settings.lostAfterSeconds
        let transitions = Mutex(
            SiteTransitions(forwarding: settings.forwardEvents ? forwarding : nil, wording: configuration.render.wording))
        // A pure wall writes its own feeds; beside a watch loop, that loop's feeds carry the site events.
        let feeds = source != nil ? nil : Mutex(WallFeeds(history: history, renderer: renderer, wallName: settings.broker.nodeID))
        return SitesService(
            settings: settings, renderer: renderer, intervalSeconds: configuration.watch.intervalSeconds, logger: logger,
            maximumCycles: cycles,
            onCycle: { entries, snapshots, link, now in
                // The state folder stays locked while the wall runs, with or without a watch loop.
                withExtendedLifetime(lock) {}
                if source == nil {
                    monitor.wallWritten(at: now, expiresAt: now.addingTimeInterval(2 * configuration.watch.intervalSeconds))
                }
                push?.updateSites(entries.compactMap(\.sensor))
                let events = transitions.withLock { $0.events(entries, snapshots: snapshots, link: link, now: now) }
                defer {
                    do {
                        try feeds?.withLock { try $0.write(changed: !events.isEmpty, now: now) }
                    } catch {
                        logger.error("sites: cannot write the wall's feeds; retrying next cycle", metadata: ["error": "\(error)"])
                    }
                }
                guard !events.isEmpty else { return }
                for event in events {
                    logger.notice("event", metadata: ["kind": "\(event.kind.rawValue)", "title": "\(event.wording.title)"])
                }
                do {
                    try history.store(events)
                } catch {
                    logger.error("sites: cannot store events in the history", metadata: ["error": "\(error)"])
                }
                // A broker outage shorter than it takes to call a site lost wakes nobody: the feed tells it.
                push?.notify(
                    events.filter { $0.kind != .sitesBrokerOutage || Double($0.wording.data["seconds"] ?? "") ?? 0 >= lostAfterSeconds },
                    at: now)
            })
    }
}
