import NetsnapQR
import NetsnapRaster

/// The node tree for each canvas: which cards, in what arrangement, with what detail.
struct TileLayout {
    let cards: TileCards
    /// The dashboard's address as a QR code, for the canvases with room for one (large and
    /// displays); nil leaves every layout exactly as it is without one.
    var qrCode: QRMatrix?

    var content: TileContent { cards.content }

    /// Status at a glance in one card.
    func small() -> any TileNode {
        CardNode(
            content: StackNode.column(
                spacing: 3,
                [
                    cards.statusRow(trailing: cards.signalBars()),
                    SpacerNode.gap(2),
                    cards.text(content.networkName, .title, cards.valueColor),
                    cards.text("\(content.signal) \u{00B7} \(content.gatewayLatency)", .body, cards.palette.secondary),
                    SpacerNode(),
                    cards.labelled("Targets", content.targets, font: .bodyStrong),
                    cards.footer,
                ]), landmark: "statusCard")
    }

    /// Status card beside the targets card.
    func medium() -> any TileNode {
        StackNode.row(
            spacing: 8,
            [
                CardNode(
                    content: StackNode.column(
                        spacing: 2,
                        [
                            cards.statusRow(trailing: cards.signalBars()),
                            SpacerNode.gap(2),
                            cards.text(content.networkName, .title, cards.valueColor),
                            SpacerNode(),
                            cards.labelled(content.signalLabel, content.signal),
                            cards.labelled("Gateway", content.gatewayLatency),
                            cards.labelled("Public IP", content.publicIP),
                            cards.footer,
                        ]), landmark: "statusCard"),
                cards.targetsCard(limit: 3),
            ], flex: .filling)
    }

    /// Status with link details, targets, and devices, stacked. With history the status
    /// card gains a one-line gateway sparkline, paid for by one target row, and each
    /// target shows its 24 h uptime.
    func large() -> any TileNode {
        let sparkline = cards.gatewaySparklineRow(height: Self.sparklineRowHeight)
        return StackNode.column(
            spacing: 8,
            [
                detailedStatusCard(
                    twoColumns: true, height: sparkline == nil ? 128 : 128 + Self.sparklineRowHeight + 3, sparkline: sparkline),
                cards.targetsCard(limit: sparkline == nil ? 4 : 3, padding: 12, uptime: sparkline != nil, reasons: true),
                devicesWithQRCode(cards.devicesCard(limit: 3, height: qrCode == nil ? 97 : nil, padding: 12), side: 97),
            ])
    }

    /// The devices card and, when there is one, the QR code beside it, as tall as the card.
    private func devicesWithQRCode(_ devices: CardNode, side: Double) -> any TileNode {
        guard let qrCode else { return devices }
        return StackNode.row(spacing: 8, [devices, QRCodeNode(matrix: qrCode, side: side)])
    }

    /// The large tile's sparkline line; the status card grows by it plus one spacing.
    private static let sparklineRowHeight = 20.0

    /// Three cards side by side for landscape screens (TRMNL); with history a labelled
    /// sparkline sits above the status card's footer.
    func landscape() -> any TileNode {
        StackNode.row(
            spacing: 8,
            [
                detailedStatusCard(twoColumns: false, height: nil, sparkline: cards.gatewaySparklineBlock()),
                cards.targetsCard(limit: 6, reasons: true), devicesAboveQRCode(cards.devicesCard(limit: 5)),
            ],
            flex: .filling)
    }

    /// The devices card over the QR code, when there is one: the third landscape column.
    private func devicesAboveQRCode(_ devices: CardNode) -> any TileNode {
        guard let qrCode else { return devices }
        return StackNode.column(spacing: 8, [devices, QRCodeNode(matrix: qrCode, side: Self.landscapeQRCodeSide)])
    }

    /// Of the 300 pt a landscape column has, the code takes 120: 180 px on a TRMNL, 4 px a
    /// module for addresses up to about 40 characters.
    private static let landscapeQRCodeSide = 120.0

    /// The large arrangement with more rows, for portrait screens (Kindle); with history
    /// the status card grows by a labelled sparkline and targets show their uptime.
    func portrait() -> any TileNode {
        let sparkline = cards.gatewaySparklineBlock()
        return StackNode.column(
            spacing: 8,
            [
                detailedStatusCard(
                    twoColumns: true, height: sparkline == nil ? 150 : 150 + TileCards.sparklineBlockHeight + 3, sparkline: sparkline),
                cards.targetsCard(limit: 8, uptime: sparkline != nil, reasons: true),
                devicesWithQRCode(cards.devicesCard(limit: 5, height: qrCode == nil ? 140 : nil), side: 140),
            ])
    }

    private func detailedStatusCard(twoColumns: Bool, height: Double?, sparkline: StackNode?) -> CardNode {
        let link: [any TileNode] = [
            signalRow(), cards.labelled("Gateway", content.gatewayLatency), cards.labelled("Band", content.bandAndChannel),
        ]
        let addresses: [any TileNode] = [
            cards.labelled("Public IP", content.publicIP), cards.labelled("Gateway IP", content.gatewayIP),
            cards.labelled("Provider", content.provider),
        ]
        let header: [any TileNode]
        let rows: [any TileNode]
        if twoColumns {
            // Wide cards: the time in the header, details in two columns under the name.
            header = [cards.statusRow(trailing: TextNode(text: content.footer, font: .caption, color: cards.footerColor, flex: .fixed))]
            rows =
                [
                    SpacerNode(),
                    StackNode.row(spacing: 16, [StackNode.column(spacing: 2, link), StackNode.column(spacing: 2, addresses)]),
                ] + (sparkline.map { [$0] } ?? [])
        } else {
            // Narrow cards: one column of details, the time at the foot.
            header = [cards.statusRow(trailing: SpacerNode.gap(0))]
            let history: [any TileNode] = sparkline.map { [$0, SpacerNode.gap(8)] } ?? []
            rows = [SpacerNode.gap(4)] + link + addresses + [SpacerNode()] + history + [cards.footer]
        }
        return CardNode(
            content: StackNode.column(
                spacing: 3, header + [cards.text(content.networkName, .largeTitle, cards.valueColor)] + rows),
            padding: 12, height: height, landmark: "statusCard")
    }

    private func signalRow() -> StackNode {
        .row(
            spacing: 6,
            [
                TextNode(text: content.signalLabel, font: .caption, color: cards.palette.secondary, flex: .fixed), SpacerNode(),
                cards.text(content.signal, .body, cards.valueColor, alignment: .trailing), cards.signalBars(),
            ])
    }
}
