import NetsnapConfiguration
import NetsnapPush
import NetsnapSites

/// `netsnap sites forget <id>`: clears a retired site's retained topics on the sites'
/// broker (its snapshot, availability, owner and discovery configs), so it leaves every
/// wall, and the wall's Home Assistant entity for it on the `mqtt:` broker.
public struct SitesForgetJob: Sendable {
    public var configuration: Configuration
    /// The site's id, as its topics spell it.
    public var id: String
    /// Forget it even while it says it is online.
    public var force: Bool

    public init(configuration: Configuration, id: String, force: Bool) {
        self.configuration = configuration
        self.id = id
        self.force = force
    }

    /// What was done, in one line.
    public func run() async throws(ApplicationFailure) -> String {
        guard let sites = configuration.sites ?? configuration.mqtt.map(SitesSettings.init(broker:)) else {
            throw ApplicationFailure(
                .usage, "error: sites forget: the config has no sites: or mqtt: section naming the broker (--config FILE)")
        }
        // Any id a wall can show, hostile ones too, but never a pattern that would match other sites' topics.
        guard !id.isEmpty, id.utf8.count <= SiteFeed.maximumIDBytes, !id.contains(where: { "/+#\u{0}".contains($0) }) else {
            throw ApplicationFailure(
                .usage, "error: sites forget: expected a site id without '/', '+' or '#', found \(id.debugDescription)")
        }
        var broker = sites.broker
        broker.nodeID = id
        do {
            let cleared = try await MQTTForget(settings: broker).run(force: force)
            var entity: [String] = []
            if let mqtt = configuration.mqtt, MQTTSettings.isNodeID(id) {
                let filters = HomeAssistantDiscovery(settings: mqtt).siteFilters(SiteEntry.slug(of: id))
                // The wall's own node is online while it runs: its entity for the site goes all the same.
                entity = try await MQTTForget(settings: mqtt, filters: filters).run(force: true)
            }
            return "forgot site \(id): cleared \(cleared.count) retained topic\(cleared.count == 1 ? "" : "s") of the site"
                + " and \(entity.count) of the wall's Home Assistant entity"
        } catch {
            throw ApplicationFailure(error.reason == .nodeLive ? .refused : .brokerFailed, "error: sites \(error)")
        }
    }
}
