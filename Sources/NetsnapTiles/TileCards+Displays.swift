import NetsnapRaster

/// The pieces display layouts add to the shared cards: large numbers, lists sized to the room
/// they have, and names kept whole before details.
extension TileCards {
    /// The height of a list card (targets, devices) of `rows` rows: padding, the header, the
    /// rows, and the spacing between them and the closing spacer.
    static func listCardHeight(rows: Int, padding: Double) -> Double {
        2 * padding + TileFont.headline.lineHeight + Double(rows) * TileFont.body.lineHeight + listSpacing * Double(rows + 1)
    }

    /// How many rows a list card of `height` shows (at least one, which says "No …" when empty).
    static func listRows(fitting height: Double, padding: Double) -> Int {
        let room = height - 2 * padding - TileFont.headline.lineHeight - listSpacing
        return max(1, Int((room / (TileFont.body.lineHeight + listSpacing)).rounded(.down)))
    }

    private static let listSpacing = 2.0

    /// "11 of 15 active" and shorter forms for narrow headers.
    var deviceCountForms: [String] {
        let large = content.large
        guard large.devicesTotal > 0 else { return [TileContent.dash] }
        let active = content.wording.integer(large.devicesActive)
        let total = content.wording.integer(large.devicesTotal)
        return [content.devices, content.wording(.activeSlashTotal, ["active": active, "total": total]), active + "/" + total]
    }

    /// "Example Fiber · AS64500", then the provider's name alone: the name tells providers apart.
    var providerForms: [String] {
        [content.provider] + (content.large.ispName.map { [$0] } ?? [])
    }

    /// A caption on the left and a number on the right in `font` (or, where the row is
    /// narrow, one of `smallerFonts`), large enough to be read from across a room.
    /// The number is never cut for its caption: a caption too long for the row (a long
    /// language's word on a small panel) takes its short form (`shortLabel`), else is cut.
    func bigNumber(_ label: String, _ value: String, font: TileFont, smallerFonts: [TileFont] = [], shortLabel: String? = nil) -> StackNode
    {
        var number = TextNode(text: value, font: font, color: valueColor, alignment: .trailing, flex: .fixed)
        number.smallerFonts = smallerFonts
        let caption = TextNode(
            text: label, font: .caption, color: palette.secondary, shorterForms: shortLabel.map { [$0] } ?? [])
        return .row(spacing: 6, [caption, SpacerNode(), number])
    }

    /// A caption over a large number, for a row of figures side by side.
    func figure(_ label: String, _ value: String, font: TileFont) -> StackNode {
        .column(
            spacing: 0,
            [TextNode(text: label, font: .caption, color: palette.secondary), TextNode(text: value, font: font, color: valueColor)],
            flex: .fixed)
    }

    /// "Label ........ value" where the value has shorter forms (the provider).
    func labelled(_ label: String, forms: [String]) -> StackNode {
        .row(
            spacing: 8,
            [
                TextNode(text: label, font: .caption, color: palette.secondary, flex: .fixed), SpacerNode(),
                TextNode(
                    text: forms.first ?? TileContent.dash, font: .body, color: valueColor, alignment: .trailing,
                    shorterForms: Array(forms.dropFirst())),
            ])
    }

    /// Devices, newest first: each name whole with its address beside it where both fit,
    /// the name alone where they do not.
    func displayDevicesCard(limit: Int, padding: Double = 12) -> CardNode {
        let rows = content.large.recentDevices.prefix(limit)
        let deviceRows: [any TileNode] =
            rows.isEmpty
            ? [text(content.wording(.noDevices), .body, palette.secondary)]
            : rows.map { device in
                let detail = device.ipAddress == device.displayName ? content.kind(device.deviceType) : device.ipAddress
                return NameDetailRow(
                    name: text(device.displayName, .body, valueColor),
                    detail: TextNode(text: detail ?? TileContent.dash, font: .body, color: palette.secondary, flex: .fixed))
            }
        let forms = deviceCountForms
        return CardNode(
            content: StackNode.column(
                spacing: 2,
                [
                    StackNode.row([
                        TextNode(text: content.wording(.devices), font: .headline, color: palette.primary, flex: .fixed), SpacerNode(),
                        // Where not even "3/4" fits (a long language's title beside a QR code), the
                        // count gives way whole: the headline numbers beside it say it.
                        TextNode(
                            text: forms[0], font: .body, color: palette.secondary, alignment: .trailing,
                            shorterForms: Array(forms.dropFirst()) + [""]),
                    ])
                ] + deviceRows + [SpacerNode()]),
            padding: padding, landmark: "devicesCard")
    }

    /// Problem targets first, each a dot, its name and why it is down or its latency, for
    /// cards-free layouts (strip, square).
    func plainTargetRows(limit: Int) -> [any TileNode] {
        content.large.topTargets.prefix(limit).enumerated().map { index, row in
            let stateColor = row.isOnline ? (row.isDegraded ? palette.warning : palette.success) : palette.error
            let color = content.isStale ? palette.stale : stateColor
            return StackNode.row(
                spacing: 5,
                [
                    DotNode(color: color, state: Self.dotState(row), diameter: 6, landmark: "targetDot\(index)"),
                    text(row.name, .body, valueColor), SpacerNode(),
                    TextNode(
                        text: row.isOnline ? content.latency(row.latencyMs) : content.wording(.down), font: .body,
                        color: row.isOnline ? palette.secondary : content.isStale ? palette.stale : palette.error, flex: .fixed),
                ])
        }
    }
}
