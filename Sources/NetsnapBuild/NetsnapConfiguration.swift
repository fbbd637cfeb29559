import Foundation
import NetsnapGather
import NetsnapHistory
import NetsnapPages
import NetsnapPush
import NetsnapWidgets

/// Everything `render` can be told, from the config file and then flags. Defaults are
/// the documented ones; every probe is off unless the config names it.
public struct NetsnapConfiguration: Sendable, Equatable {
    /// Where outputs go (default `Output`).
    public var outputDirectory: String = "Output"
    /// Widget thresholds and the freshness window.
    public var widgets = WidgetOptions()
    /// The shields.io badge's label.
    public var badgeLabel: String = "network"
    /// Remove public IP, MACs, device IPs and hostnames from every output.
    public var redact: Bool = false
    /// The state folder (history database); nil means the standard search order.
    public var stateDirectory: String?
    /// Where the outputs are published; the feeds link to it.
    public var publicURL: String = "http://127.0.0.1:8080/"
    /// How long history is kept.
    public var retention = RetentionPolicy()
    /// Consecutive failures before a "down"/"gone"/"lost" event.
    public var failuresBeforeEvent: Int = 3
    /// Items in feed.json and feed.xml.
    public var feedItems: Int = 100
    /// The feeds' title; nil means "netsnap — " and the network name.
    public var feedTitle: String?
    /// Seconds between `watch` cycles.
    public var watchInterval: Double = 30
    /// The PNG tiles.
    public var tiles = TileSettings()
    /// What `gather` reads and probes; nothing is probed unless named here.
    public var gather = GatherConfiguration()
    /// The HTML pages' refresh interval and the user's templates folder.
    public var pages = PageSettings()
    /// How `netsnap serve` listens (the `serve:` section).
    public var serve = ServeConfiguration()
    /// The MQTT broker state and Home Assistant discovery go to (the `mqtt:` section); nil: none.
    public var mqtt: MQTTSettings?
    /// Where notifications go and their rules (the `notify:` section); nil: none.
    public var notify: NotifySettings?

    public init() {}
}
