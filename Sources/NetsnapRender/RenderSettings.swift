import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapPages
import NetsnapWidgets

/// What the renderers are told: the output folder, widget thresholds, the feeds' and badges'
/// words, redaction, the time zone and night hours, the pages and the tiles. The
/// configuration module fills it from the file, the environment and flags.
public struct RenderSettings: Sendable, Equatable {
    /// Where outputs go (default `Output`).
    public var outputDirectory: String = "Output"
    /// Widget thresholds and the freshness window.
    public var widgets = WidgetOptions()
    /// The shields.io badge's label; the default (`BadgeFeed.defaultLabel`) is worded in the
    /// badge's language.
    public var badgeLabel: String = "network"
    /// Remove public IP, MACs, device IPs and hostnames from every output.
    public var redact: Bool = false
    /// Where the outputs are published; the feeds link to it. Nil: the feeds name no
    /// address at all rather than one they cannot know.
    public var publicURL: String?
    /// Where every surface tells the time ("Updated 10:42", "since 21 Nov 10:42"); the
    /// host's zone unless configured. `tiles.timeZone` may set another for tiles.
    public var timeZone: TimeZone = .current
    /// The household's language: the words, numbers, dates and clock times of every surface
    /// a person reads (`locale` and `clock`); the POSIX locale's fixed English unless set.
    /// Setting it sets the tiles' and the pages' too, so no surface is left in another language.
    public var wording: Wording = .posix {
        didSet {
            tiles.wording = wording
            pages.wording = wording
        }
    }
    /// Hours, told in `timeZone`, when pages and colour tiles turn to the night theme; nil:
    /// never by the clock.
    public var night: ClockWindow?
    /// Items in feed.json and feed.xml.
    public var feedItems: Int = 100
    /// The feeds' title; nil means "netsnap — " and the network name.
    public var feedTitle: String?
    /// The PNG tiles.
    public var tiles = TileSettings()
    /// The HTML pages' refresh interval, the user's templates folder and time zone.
    public var pages = PageSettings(timeZone: .current)

    public init() {}
}
