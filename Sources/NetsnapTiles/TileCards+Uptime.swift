import NetsnapModel

extension TileCards {
    /// "NAS 30 d", a mark a day, "99.2%": the target with the lowest 30-day uptime, in one
    /// line for the large tile's status card; nil without an uptime report.
    func uptimeStripRow(height: Double) -> StackNode? {
        guard let strip = content.widgets.history?.worstUptime else { return nil }
        var label = TextNode(text: strip.name, font: .caption, color: palette.secondary, flex: .shrinking)
        label.widthShare = 0.3
        let span = TextNode(text: "30 d", font: .caption, color: palette.secondary, flex: .fixed)
        return .row(spacing: 6, [label, span, stripNode(strip, height: height), figure(strip)])
    }

    /// The same as a card of its own for the displays: the name and figure above a strip
    /// across the card's width, tall enough to read across a room on e-paper.
    func uptimeStripCard(padding: Double) -> CardNode? {
        guard let strip = content.widgets.history?.worstUptime else { return nil }
        let caption = StackNode.row(
            spacing: 6,
            [
                text(strip.name, .bodyStrong, valueColor),
                TextNode(text: content.wording(.daySpan, count: 30), font: .body, color: palette.secondary, flex: .fixed), SpacerNode(),
                figure(strip, font: .bodyStrong),
            ])
        return CardNode(
            content: StackNode.column(spacing: Self.uptimeCardSpacing, [caption, stripNode(strip, height: Self.uptimeCardStrip)]),
            padding: padding, height: Self.uptimeStripCardHeight(padding: padding), landmark: "uptimeCard")
    }

    static func uptimeStripCardHeight(padding: Double) -> Double {
        2 * padding + TileFont.bodyStrong.lineHeight + uptimeCardSpacing + uptimeCardStrip
    }

    private static let uptimeCardSpacing = 4.0
    private static let uptimeCardStrip = 18.0

    private func stripNode(_ strip: UptimeStrip, height: Double) -> UptimeStripNode {
        UptimeStripNode(days: strip.days, height: height, isStale: content.isStale)
    }

    private func figure(_ strip: UptimeStrip, font: TileFont = .caption) -> TextNode {
        TextNode(text: strip.percent.map(content.percent) ?? TileContent.dash, font: font, color: valueColor, flex: .fixed)
    }
}
