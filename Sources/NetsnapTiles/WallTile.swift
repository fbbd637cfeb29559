import Foundation
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
        public var state: String
        public var tone: Tone
        /// "12 s", "3 min": how old its snapshot is; empty without one.
        public var age: String

        public init(name: String, state: String, tone: Tone, age: String) {
            self.name = name
            self.state = state
            self.tone = tone
            self.age = age
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
    var shortHeadline: String { "\(healthy)/\(sites.count) OK" }
    /// "3 of 4 sites OK".
    var headline: String { "\(healthy) of \(sites.count) site\(sites.count == 1 ? "" : "s") OK" }
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
    func node(palette: TilePalette, height: Double) -> any TileNode {
        // Inside the card's padding: the headline, a 2 pt gap, then rows of a body line, all
        // spaced apart; n rows take n × line + (n - 1) × spacing.
        let rowHeight = TileFont.body.lineHeight + Self.spacing
        let above = TileFont.title.lineHeight + 2 + 2 * Self.spacing
        let fitting = max(1, Int((height - 2 * Self.padding - above + Self.spacing) / rowHeight))
        let shown = sites.count > fitting ? fitting - 1 : sites.count
        var rows: [any TileNode] = sites.prefix(shown).map { site in
            let dot: DotNode.State = site.tone == .good ? .up : site.tone == .warning ? .degraded : .down
            let detail = site.age.isEmpty ? site.state : "\(site.state) \u{00B7} \(site.age)"
            return StackNode.row(
                spacing: 6,
                [
                    DotNode(color: Self.color(site.tone, palette), state: dot),
                    TextNode(text: site.name, font: .body, color: palette.primary),
                    SpacerNode(),
                    TextNode(
                        text: detail, font: .caption, color: palette.secondary, alignment: .trailing, flex: .fixed,
                        shorterForms: [site.state]),
                ])
        }
        if shown < sites.count {
            rows.append(TextNode(text: "+ \(sites.count - shown) more", font: .caption, color: palette.secondary))
        }
        let header = StackNode.row(
            spacing: 6,
            [
                DotNode(color: Self.color(tone, palette), state: tone == .good ? .up : .down, diameter: 10, landmark: "wallDot"),
                TextNode(text: headline, font: .title, color: palette.primary, shorterForms: [shortHeadline]),
            ])
        let column = StackNode.column(spacing: Self.spacing, [header, SpacerNode.gap(2)] + rows)
        return CardNode(content: column, padding: Self.padding, landmark: "wallCard")
    }

    private static let padding = 12.0
    private static let spacing = 4.0

    /// The LED lines: "3/4 OK" in the wall's colour, then the worst site's name and state.
    func microLines(palette: TilePalette) -> [(text: String, color: Color)] {
        guard let worst = sites.first, healthy < sites.count else {
            return [(shortHeadline, Self.color(tone, palette)), (sites.isEmpty ? "no sites" : "all sites", palette.secondary)]
        }
        return [(shortHeadline, Self.color(tone, palette)), (worst.name, palette.primary), (worst.state, Self.color(worst.tone, palette))]
    }
}
