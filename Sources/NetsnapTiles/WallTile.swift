import Foundation
import NetsnapLanguage
import NetsnapRaster
import NetsnapText

/// The wall of sites as a tile: on an LED matrix "3/4 OK" and the worst site's name and
/// state; elsewhere a card listing the sites, worst first, each with its state and age, as
/// many as fit. Pure: the wall in, pixels out.
public struct WallTile: Sendable, Equatable {
    /// How a site's state reads in colour (and, on paper, in its dot's shape).
    public enum Tone: Sendable, Equatable {
        case good, warning, bad, unknown

        /// The tone of a site's state as `sites.json` words it; an unknown word reads as bad.
        public init(state: String) {
            switch state {
            case "online": self = .good
            case "degraded": self = .warning
            case "stale", "unknown": self = .unknown
            default: self = .bad
            }
        }
    }

    /// One site, worst first.
    public struct Site: Sendable, Equatable {
        public var name: String
        /// As `sites.json` words it (`online`, `lost`, …); told in the tile's language when drawn.
        public var state: String
        public var tone: Tone
        /// How old its snapshot is; nil without one. Told as "12 s", "3 min" when drawn.
        public var ageSeconds: Double?

        public init(name: String, state: String, tone: Tone, ageSeconds: Double?) {
            self.name = name
            self.state = state
            self.tone = tone
            self.ageSeconds = ageSeconds
        }

        /// The state in `wording`'s language; an unknown word as it came.
        func stateWord(_ wording: Wording) -> String {
            let phrases: [String: Phrase] = [
                "online": .siteOnline, "degraded": .siteDegraded, "offline": .siteOffline, "stale": .siteStale,
                "unknown": .siteUnknown, "lost": .siteLost, "invalid": .siteInvalid,
            ]
            return phrases[state].map { wording($0) } ?? state
        }
    }

    public var sites: [Site]
    /// Sites whose state is `online`.
    public var healthy: Int

    public init(sites: [Site], healthy: Int) {
        self.sites = sites
        self.healthy = healthy
    }

    /// "3/4 OK".
    func shortHeadline(_ wording: Wording) -> String {
        wording(.healthyOfTotal, ["healthy": wording.integer(healthy), "total": wording.integer(sites.count)])
    }
    /// "3 of 4 sites OK".
    func headline(_ wording: Wording) -> String { wording(.sitesOK, count: sites.count, ["healthy": wording.integer(healthy)]) }
    /// The tone of the whole wall: its worst site's, good when empty.
    var tone: Tone { healthy == sites.count ? .good : sites.first?.tone ?? .good }

    static func color(_ tone: Tone, _ palette: TilePalette) -> Color {
        switch tone {
        case .good: palette.success
        case .warning: palette.warning
        case .bad: palette.error
        case .unknown: palette.stale
        }
    }

    /// The list as tile nodes: the headline, then a row per site, as many as a card
    /// `height` points tall holds; when not all fit, the last row says how many more there are.
    func node(palette: TilePalette, height: Double, wording: Wording) -> any TileNode {
        // Inside the card's padding: the headline, a 2 pt gap, then rows of a body line, all
        // spaced apart; n rows take n × line + (n - 1) × spacing.
        let rowHeight = TileFont.body.lineHeight + Self.spacing
        let above = TileFont.title.lineHeight + 2 + 2 * Self.spacing
        let fitting = max(1, Int((height - 2 * Self.padding - above + Self.spacing) / rowHeight))
        let shown = sites.count > fitting ? fitting - 1 : sites.count
        var rows: [any TileNode] = sites.prefix(shown).map { site in
            let dot: DotNode.State = site.tone == .good ? .up : site.tone == .warning ? .degraded : .down
            let state = site.stateWord(wording)
            let detail = site.ageSeconds.map { state + wording.separator + wording.age($0) } ?? state
            return StackNode.row(
                spacing: 6,
                [
                    DotNode(color: Self.color(site.tone, palette), state: dot),
                    TextNode(text: site.name, font: .body, color: palette.primary),
                    SpacerNode(),
                    TextNode(
                        text: detail, font: .caption, color: palette.secondary, alignment: .trailing, flex: .fixed,
                        shorterForms: [state]),
                ])
        }
        if shown < sites.count {
            rows.append(TextNode(text: wording(.more, count: sites.count - shown), font: .caption, color: palette.secondary))
        }
        let header = StackNode.row(
            spacing: 6,
            [
                DotNode(color: Self.color(tone, palette), state: tone == .good ? .up : .down, diameter: 10, landmark: "wallDot"),
                TextNode(text: headline(wording), font: .title, color: palette.primary, shorterForms: [shortHeadline(wording)]),
            ])
        let column = StackNode.column(spacing: Self.spacing, [header, SpacerNode.gap(2)] + rows)
        return CardNode(content: column, padding: Self.padding, landmark: "wallCard")
    }

    private static let padding = 12.0
    private static let spacing = 4.0

    /// The LED lines: "3/4 OK" in the wall's colour, then the worst site's name and state.
    func microLines(palette: TilePalette, wording: Wording) -> [(text: String, color: Color)] {
        let headline = (shortHeadline(wording), Self.color(tone, palette))
        guard let worst = sites.first, healthy < sites.count else {
            return [headline, (wording(sites.isEmpty ? .noSites : .allSites), palette.secondary)]
        }
        return [headline, (worst.name, palette.primary), (worst.stateWord(wording), Self.color(worst.tone, palette))]
    }
}
