import NetsnapLanguage
import NetsnapRaster

/// The display layouts, one per `TileLayoutClass` drawn with the vector fonts (micro has its
/// own pixel-font drawer). Each puts the status word and network name first and large, then
/// the numbers that matter, then lists sized to the room left; list heights are worked out
/// from the type scale so a list shows every row that fits and no row is cut off.
extension TileLayout {
    /// Wide short e-paper: status and name on the left, as wide as they are (up to half), the
    /// numbers and as many targets as fit on the right.
    func strip() -> any TileNode {
        let left = (area.width * 0.5).rounded()
        let numberFont = TileFont(size: 14, weight: .semibold)
        var numbers = headlineNumbers(font: numberFont)
        let used = Double(numbers.count) * (numberFont.lineHeight + 1)
        let targetRows = Int(((area.height - used) / (TileFont.body.lineHeight + 1)).rounded(.down))
        numbers += cards.plainTargetRows(limit: max(0, targetRows))
        return StackNode.row(
            spacing: 8,
            [
                SizedNode(
                    content: StackNode.column(
                        spacing: 2,
                        [
                            statusHeadline(TileFont(size: 18, weight: .bold), smaller: [TileFont(size: 15, weight: .bold)], dot: 10),
                            nameHeadline(TileFont(size: 18, weight: .bold), smaller: [15, 13]),
                            SpacerNode(), cards.footer,
                        ]), width: left, height: area.height),
                StackNode.column(spacing: 1, numbers + [SpacerNode()]),
            ], flex: .filling)
    }

    /// Near-square e-paper: status, name, the numbers, the targets that fit, the time.
    func square() -> any TileNode {
        let numberFont = TileFont(size: 15, weight: .semibold)
        let numbers = headlineNumbers(font: numberFont, signal: false)
        let statusFont = TileFont(size: 20, weight: .bold)
        let used =
            2 * statusFont.lineHeight + 8 + Double(numbers.count) * (numberFont.lineHeight + 2) + TileFont.caption.lineHeight + 12
        let targetRows = Int(((area.height - used) / (TileFont.body.lineHeight + 2)).rounded(.down))
        return StackNode.column(
            spacing: 2,
            [
                // Signal bars only where they leave the status word its room.
                statusHeadline(
                    statusFont, smaller: [17, 14].map { TileFont(size: $0, weight: .bold) }, dot: 12, bars: area.width >= 160),
                nameHeadline(statusFont, smaller: [17, 14]), SpacerNode.gap(4),
            ] + numbers + [SpacerNode.gap(4)] + cards.plainTargetRows(limit: max(0, targetRows)) + [SpacerNode(), cards.footer])
    }

    /// Landscape screens read across a room (TRMNL): a status column — large status word,
    /// network name and numbers — beside the targets, all of them, the 30-day strip of the
    /// target with the lowest uptime (with history) and the devices that fit, with the QR
    /// code beside the devices.
    func landscapeDisplay() -> any TileNode {
        let statusWidth = (area.width * 0.42).rounded()
        let targetRows = max(1, content.large.topTargets.count)
        let targetsHeight = TileCards.listCardHeight(rows: targetRows, padding: 12)
        let uptime = cards.uptimeStripCard(padding: 12)
        let uptimeHeight = uptime == nil ? 0 : TileCards.uptimeStripCardHeight(padding: 12) + 8
        let devicesHeight = max(0, area.height - targetsHeight - 8 - uptimeHeight)
        let numberFont = TileFont(size: 18, weight: .semibold)
        // A measured speed takes the provider's row where the column has no room for both
        // (TRMNL's 480 points): the line's figures say more than its name.
        let provider = DispensableNode(content: cards.labelled(content.wording(.provider), forms: cards.providerForms))
        let details: [any TileNode] =
            (cards.gatewaySparklineRow(height: 20).map { [$0] } ?? [cards.labelled(content.wording(.publicIP), content.publicIP), provider])
            + speedRow()
        let targets = cards.targetsCard(limit: targetRows, padding: 12, uptime: content.history != nil, reasons: true)
        let codeSide = (area.width * 0.2).rounded()
        let devices = devicesAndCode(height: devicesHeight, side: min(devicesHeight, codeSide))
        // Where no devices fit (a small canvas) or a stale band covers them, the code sits beside the targets.
        let list =
            devices.isEmpty || codeBesideTargets
            ? besideQRCode(targets, side: min(targetsHeight, (codeSide * 0.7).rounded()), height: targetsHeight) : targets
        let status = CardNode(
            content: StackNode.column(
                spacing: 4,
                [
                    statusHeadline(
                        TileFont(size: 24, weight: .bold), smaller: [20, 17, 15].map { TileFont(size: $0, weight: .bold) }, dot: 12,
                        bars: true),
                    nameHeadline(TileFont(size: 26, weight: .bold), smaller: [22, 18]), SpacerNode.gap(4),
                ] + headlineNumbers(font: numberFont) + [SpacerNode()] + details + [cards.footer]),
            padding: 12, landmark: "statusCard")
        return StackNode.row(
            spacing: 8,
            [
                SizedNode(content: status, width: statusWidth, height: area.height),
                SizedNode(
                    content: StackNode.column(spacing: 8, [list] + (uptime.map { [$0] } ?? []) + devices),
                    width: area.width - statusWidth - 8, height: area.height),
            ], flex: .filling)
    }

    /// Portrait screens (Kindle): the status card with its numbers side by side, then every
    /// top target, then the devices that fit beside the QR code.
    func portraitDisplay() -> any TileNode {
        let figureFont = TileFont(size: 20, weight: .semibold)
        let statusFont = TileFont(size: 26, weight: .bold)
        let nameFont = TileFont(size: 28, weight: .bold)
        let sparkline = cards.gatewaySparklineBlock()
        // The line's speed, where measured, under the two columns: download left, upload right.
        let speed = speedRows()
        let left: [any TileNode] =
            sparkline == nil
            ? [
                cards.labelled(content.wording(.publicIP), content.publicIP),
                cards.labelled(content.wording(.gatewayIP), content.gatewayIP),
            ]
            : []
        let right: [any TileNode] =
            sparkline == nil
            ? [
                cards.labelled(content.wording(.band), forms: content.bandAndChannelForms),
                cards.labelled(content.wording(.provider), forms: cards.providerForms),
            ] : []
        let columns = StackNode.row(
            spacing: 16, [StackNode.column(spacing: 2, left + speed.prefix(1)), StackNode.column(spacing: 2, right + speed.dropFirst())])
        let details: any TileNode =
            sparkline.map { speed.isEmpty ? $0 : StackNode.column(spacing: 2, [$0, columns], flex: .fixed) } ?? columns
        let detailsHeight =
            (sparkline == nil ? 2 * TileFont.body.lineHeight + 2 : TileCards.sparklineBlockHeight)
            + (speed.isEmpty ? 0 : TileFont.body.lineHeight + 2)
        let statusHeight =
            24 + statusFont.lineHeight + nameFont.lineHeight + 4 + TileFont.caption.lineHeight + figureFont.lineHeight + 4
            + detailsHeight + TileFont.caption.lineHeight + 6 * 4
        let targetRows = max(1, content.large.topTargets.count)
        let targetsHeight = TileCards.listCardHeight(rows: targetRows, padding: 12)
        let devicesHeight = max(0, area.height - statusHeight - targetsHeight - 16)
        let figures = headlineFigures(font: figureFont)
        let figureRow = StackNode.row(
            spacing: 8, figures.flatMap { [$0, SpacerNode()] as [any TileNode] }.dropLast(), flex: .fixed)
        let status = CardNode(
            content: StackNode.column(
                spacing: 4,
                [
                    statusHeadline(statusFont, smaller: [TileFont(size: 22, weight: .bold)], dot: 12, bars: true),
                    nameHeadline(nameFont, smaller: [24, 20]), SpacerNode.gap(4), figureRow, details, SpacerNode(), cards.footer,
                ]), padding: 12, height: statusHeight, landmark: "statusCard")
        let targets = cards.targetsCard(limit: targetRows, padding: 12, uptime: content.history != nil, reasons: true)
        let devices = devicesAndCode(height: devicesHeight, side: min(devicesHeight, 150))
        // Where no devices fit or a stale band covers them, the code sits beside the targets.
        let list =
            devices.isEmpty || codeBesideTargets
            ? besideQRCode(targets, side: min(targetsHeight, 150), height: targetsHeight) : targets
        return StackNode.column(spacing: 8, [status, list] + devices)
    }

    /// The line's speed in one labelled row, for the status column; none where nothing
    /// measures it.
    private func speedRow() -> [any TileNode] {
        let speed = content.speedForms
        return speed.isEmpty ? [] : [cards.labelled(content.wording(PagePhrase.speed), forms: speed)]
    }

    /// The devices card with as many rows as `height` holds, and the QR code beside it
    /// unless it sits beside the targets; nothing where not even one row fits.
    private func devicesAndCode(height: Double, side: Double) -> [any TileNode] {
        guard height >= TileCards.listCardHeight(rows: 1, padding: 12) else { return [] }
        let devices = cards.displayDevicesCard(limit: TileCards.listRows(fitting: height, padding: 12))
        return [
            codeBesideTargets
                ? SizedNode(content: devices, width: .infinity, height: height) : besideQRCode(devices, side: side, height: height)
        ]
    }

    /// The status dot and word, large, in the status colour; on wider layouts the signal
    /// bars at the right.
    func statusHeadline(_ font: TileFont, smaller: [TileFont], dot: Double, bars: Bool = false) -> StackNode {
        var word = TextNode(
            text: content.statusWord, font: font, color: content.statusColor(cards.palette), shorterForms: [content.shortStatusWord])
        word.smallerFonts = smaller
        let trailing: [any TileNode] =
            bars && content.widgets.small.signalDBm != nil ? [SpacerNode(), cards.signalBars()] : [SpacerNode()]
        return .row(spacing: (dot * 0.6).rounded(), [cards.statusDot(diameter: dot), word] + trailing)
    }

    /// The network name, large, shrinking through `smaller` sizes before it is cut.
    func nameHeadline(_ font: TileFont, smaller: [Double]) -> TextNode {
        var name = cards.text(content.networkName, font, cards.valueColor)
        name.smallerFonts = smaller.map { TileFont(size: $0, weight: font.weight) }
        return name
    }

    /// Gateway latency, targets up, devices active and, on Wi-Fi with `signal`, the signal
    /// (layouts with signal bars in the header leave it out): one row each, the numbers in
    /// `font` or, in a narrow column, a smaller size rather than cut.
    private func headlineNumbers(font: TileFont, signal: Bool = true) -> [any TileNode] {
        let smaller = [font.size * 0.85, font.size * 0.75].map { TileFont(size: $0.rounded(), weight: font.weight) }
        return headlineValues(signal: signal).map {
            cards.bigNumber($0.label, $0.value, font: font, smallerFonts: smaller, shortLabel: $0.shortLabel)
        }
    }

    /// The same numbers as captioned figures, for a row side by side.
    private func headlineFigures(font: TileFont) -> [any TileNode] {
        // A caption sets its column's width: one far longer than its figure (Spanish "Puerta de
        // enlace" over "4,2 ms") takes its short form, so four columns still fit the row.
        headlineValues(signal: true).map { value in
            let caption = value.label.count > value.value.count + 6 ? value.shortLabel ?? value.label : value.label
            return cards.figure(caption, value.value, font: font)
        }
    }

    private func headlineValues(signal: Bool) -> [(label: String, value: String, shortLabel: String?)] {
        let devices = cards.deviceCountForms
        let wording = content.wording
        var values: [(label: String, value: String, shortLabel: String?)] = [
            (wording(.gateway), content.gatewayLatency, wording(.gatewayAbbreviated)), (wording(.targets), content.targets, nil),
            (wording(.devices), devices.count > 1 ? devices[2] : devices[0], nil),
        ]
        if signal, content.widgets.small.signalDBm != nil { values.append((wording(.signal), content.signal, nil)) }
        return values
    }
}
