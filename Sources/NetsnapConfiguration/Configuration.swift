import NetsnapGather
import NetsnapPush
import NetsnapRender
import NetsnapServer
import NetsnapSites
import NetsnapWatch

/// Everything netsnap can be told, as one value: each module's own settings, filled from the
/// defaults, then the config file, then `NETSNAP_*` variables, then flags
/// (`ConfigurationResolver`). `ConfigurationKeys` documents every key.
public struct Configuration: Sendable, Equatable {
    /// The outputs: folder, widgets, feeds, badges, pages and tiles.
    public var render = RenderSettings()
    /// The watch loop and its history.
    public var watch = WatchSettings()
    /// What `gather` reads and probes; nothing is probed unless named here.
    public var gather = GatherConfiguration()
    /// How `netsnap serve` listens (the `serve:` section).
    public var serve = ServeConfiguration()
    /// The MQTT broker state and Home Assistant discovery go to (the `mqtt:` section); nil: none.
    public var mqtt: MQTTSettings?
    /// `site.name`: this netsnap's name on the walls it publishes to; nil: its node id.
    public var siteName: String?
    /// Where notifications go and their rules (the `notify:` section); nil: none.
    public var notify: NotifySettings?
    /// The broker `watch --sites` reads its sites from (the `sites:` section, its unset keys
    /// the `mqtt:` section's); nil: none given.
    public var sites: SitesSettings?

    public init() {}
}
