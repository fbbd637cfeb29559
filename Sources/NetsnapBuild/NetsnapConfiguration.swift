import Foundation
import NetsnapGather
import NetsnapHistory
import NetsnapModel
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
    /// Where the outputs are published; the feeds link to it. Nil: the feeds name no
    /// address at all rather than one they cannot know.
    public var publicURL: String?
    /// Where every surface tells the time ("Updated 10:42", "since 21 Nov 10:42"); the
    /// host's zone unless configured. `tiles.timeZone` may set another for tiles.
    public var timeZone: TimeZone = .current
    /// Hours, told in `timeZone`, when pages and colour tiles turn to the night theme
    /// (`nightFrom`, `nightUntil`); nil: never by the clock.
    public var night: ClockWindow?
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
    /// Seconds between the live link's pings to a NetMonitor agent (`source.keepaliveSeconds`).
    public var keepaliveSeconds: Double = 15
    /// The PNG tiles.
    public var tiles = TileSettings()
    /// What `gather` reads and probes; nothing is probed unless named here.
    public var gather = GatherConfiguration()
    /// The HTML pages' refresh interval, the user's templates folder and time zone.
    public var pages = PageSettings(timeZone: .current)
    /// How `netsnap serve` listens (the `serve:` section).
    public var serve = ServeConfiguration()
    /// The MQTT broker state and Home Assistant discovery go to (the `mqtt:` section); nil: none.
    public var mqtt: MQTTSettings?
    /// Where notifications go and their rules (the `notify:` section); nil: none.
    public var notify: NotifySettings?

    public init() {}
}
