import NetsnapLanguage
import NetsnapQR
import NetsnapRaster
import NetsnapWidgets

/// The node tree for each canvas: which cards, in what arrangement, with what detail.
struct TileLayout {
    let cards: TileCards
    /// The dashboard's address as a QR code, for the canvases with room for one (large and
    /// displays); nil leaves every layout exactly as it is without one.
    var qrCode: QRMatrix?
    /// Display layouts put the QR code beside the targets rather than the devices (a stale
    /// band covers the foot of the picture).
    var codeBesideTargets = false
    /// The room inside the margins, in points; layouts size their lists to it.
    var area = (width: 0.0, height: 0.0)

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
                    cards.text(content.signal + content.wording.separator + content.gatewayLatency, .body, cards.palette.secondary),
                    SpacerNode(),
                    cards.labelled(content.wording(.targets), content.targets, font: .bodyStrong),
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
                            cards.labelled(content.wording(.gateway), content.gatewayLatency),
                            publicIPOrSpeedRow(),
                            cards.footer,
                        ]), landmark: "statusCard"),
                cards.targetsCard(limit: 3),
            ], flex: .filling)
    }

    /// Status with link details, targets, and devices, stacked. The targets card is as tall
    /// as all the top targets; the devices card takes what is left, with as many rows as fit
    /// (its header's count alone where none does), and the QR code beside it. With history the status card gains a one-line gateway
    /// sparkline and each target shows its 24 h uptime; with an uptime report it also gains
    /// the 30-day strip of the target with the lowest uptime.
    func large() -> any TileNode {
        let sparkline = cards.gatewaySparklineRow(height: Self.sparklineRowHeight)
        let uptimeStrip = cards.uptimeStripRow(height: Self.uptimeStripHeight)
        let extras = [sparkline, uptimeStrip].compactMap { $0 }
        let statusHeight = 128 + (sparkline == nil ? 0 : Self.sparklineRowHeight + 3) + (uptimeStrip == nil ? 0 : Self.uptimeRowHeight + 3)
        let targetRows = max(1, content.large.topTargets.count)
        let targetsHeight = TileCards.listCardHeight(rows: targetRows, padding: 12)
        let devicesHeight = max(0, area.height - statusHeight - targetsHeight - 16)
        let fitsARow = devicesHeight >= TileCards.listCardHeight(rows: 1, padding: 12)
        let deviceRows = fitsARow ? TileCards.listRows(fitting: devicesHeight, padding: 12) : 0
        return StackNode.column(
            spacing: 8,
            [
                detailedStatusCard(height: statusHeight, extras: extras),
                cards.targetsCard(limit: targetRows, height: targetsHeight, padding: 12, uptime: sparkline != nil, reasons: true),
                besideQRCode(
                    cards.devicesCard(limit: deviceRows, padding: 12),
                    side: devicesHeight, height: devicesHeight),
            ])
    }

    /// The medium status card's last figure: the public IP, or where the line's speed is
    /// measured that, which says more of the line than its address.
    private func publicIPOrSpeedRow() -> StackNode {
        let speed = content.speedForms
        guard !speed.isEmpty else { return cards.labelled(content.wording(.publicIP), content.publicIP) }
        return cards.labelled(content.wording(PagePhrase.speed), forms: speed)
    }

    /// A card (the devices, or the targets where no devices fit) `height` points tall and,
    /// when there is one, the QR code of `side` beside it, centred on the card's height.
    func besideQRCode(_ card: CardNode, side: Double, height: Double) -> any TileNode {
        let row: any TileNode = qrCode.map { StackNode.row(spacing: 8, [card, QRCodeNode(matrix: $0, side: side)]) } ?? card
        return SizedNode(content: row, width: .infinity, height: height)
    }

    /// The large tile's sparkline line; the status card grows by it plus one spacing.
    private static let sparklineRowHeight = 20.0
    /// The uptime strip's marks, and the line they sit in (its caption's height).
    static let uptimeStripHeight = 11.0
    private static var uptimeRowHeight: Double { max(uptimeStripHeight, TileFont.caption.lineHeight) }

    /// The large tile's status card: the time in the header, details in two columns under
    /// the name, and the sparkline and uptime strip lines when there is history.
    private func detailedStatusCard(height: Double, extras: [StackNode]) -> CardNode {
        let link: [any TileNode] = [
            signalRow(), cards.labelled(content.wording(.gateway), content.gatewayLatency),
            cards.labelled(content.wording(.band), forms: content.bandAndChannelForms),
        ]
        // A measured speed takes the gateway's address's row: a row more would take the
        // devices' room, and with it the QR code's, which at 1× then no longer scans.
        let speed = content.speedForms
        let addresses: [any TileNode] = [
            cards.labelled(content.wording(.publicIP), content.publicIP),
            speed.isEmpty
                ? cards.labelled(content.wording(.gatewayIP), content.gatewayIP)
                : cards.labelled(content.wording(PagePhrase.speed), forms: speed),
            cards.labelled(content.wording(.provider), forms: cards.providerForms),
        ]
        let header = cards.statusRow(trailing: TextNode(text: content.footer, font: .caption, color: cards.footerColor, flex: .fixed))
        let rows: [any TileNode] =
            [
                SpacerNode(),
                StackNode.row(spacing: 16, [StackNode.column(spacing: 2, link), StackNode.column(spacing: 2, addresses)]),
            ] + extras
        return CardNode(
            content: StackNode.column(spacing: 3, [header, cards.text(content.networkName, .largeTitle, cards.valueColor)] + rows),
            padding: 12, height: height, landmark: "statusCard")
    }

    /// The line's download and upload as two labelled rows, one under each column of a
    /// status card (the Kindle's); none where nothing measures the speed.
    func speedRows() -> [any TileNode] {
        guard let speed = content.widgets.speed else { return [] }
        let wording = content.wording
        return [(PagePhrase.download, speed.downloadMbps), (PagePhrase.upload, speed.uploadMbps)].map { phrase, mbps in
            cards.labelled(wording(phrase), mbps.map { SpeedText.rate($0, wording) } ?? TileContent.dash)
        }
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
