import NetsnapRaster
import NetsnapWidgets

/// The cards tiles are built from — status, targets, devices — shared by every size
/// and display so the same data always looks the same.
struct TileCards {
    let content: TileContent
    let palette: TilePalette

    /// Primary text, or the stale grey once the data has expired.
    var valueColor: Color { content.isStale ? palette.stale : palette.primary }

    var footerColor: Color { content.isStale ? palette.warning : palette.secondary }

    func statusDot(diameter: Double = 8) -> DotNode {
        let state: DotNode.State =
            switch content.widgets.overall {
            case .online: .up
            case .degraded: .degraded
            case .offline: .down
            }
        return DotNode(color: content.statusColor(palette), state: state, diameter: diameter, landmark: "statusDot")
    }

    /// The signal bars; nothing on a wired link, which has no signal to show.
    func signalBars() -> any TileNode {
        guard content.hasSignal else { return SpacerNode.gap(0) }
        return SignalBarsNode(
            filled: content.widgets.small.signalBars, fillColor: content.isStale ? palette.stale : palette.accent,
            emptyColor: palette.barEmpty)
    }

    /// Dot, status word, and on the right the signal bars.
    func statusRow(trailing: any TileNode) -> StackNode {
        .row([
            statusDot(),
            // Shrinking, so a long language's word takes its short form before it pushes the bars out.
            TextNode(
                text: content.statusWord, font: .headline, color: content.statusColor(palette), shorterForms: [content.shortStatusWord]),
            SpacerNode(),
            trailing,
        ])
    }

    func text(_ text: String, _ font: TileFont, _ color: Color, alignment: TextNode.Alignment = .leading) -> TextNode {
        TextNode(text: text, font: font, color: color, alignment: alignment)
    }

    /// "Label ........ value" with the value truncated first.
    func labelled(_ label: String, _ value: String, font: TileFont = .body) -> StackNode {
        .row(
            spacing: 8,
            [
                TextNode(text: label, font: .caption, color: palette.secondary, flex: .fixed),
                SpacerNode(),
                text(value, font, valueColor, alignment: .trailing),
            ])
    }

    var footer: TextNode {
        TextNode(text: content.footer, font: .caption, color: footerColor, shorterForms: Array(content.footers.dropFirst()))
    }

    /// Up to `limit` targets, each a dot, a name that truncates, and a latency; with
    /// `uptime`, the 24 h uptime before the latency, both in right-aligned columns. With
    /// `reasons`, a down target says why ("connection refused") where that fits whole in half
    /// the row, and "Down" where it does not, so the name keeps the other half — and with
    /// `reasonsBelow` then says why on up to two lines under the row; a target checked with
    /// several echoes adds its loss and jitter to the latency the same way. A degraded
    /// target's dot and figures are amber.
    func targetRows(
        _ targets: [LargeWidget.TargetRow]? = nil, limit: Int, uptime: Bool = false, reasons: Bool = false, reasonsBelow: Bool = false
    ) -> [any TileNode] {
        let rows = (targets ?? content.large.topTargets).prefix(limit)
        guard !rows.isEmpty else { return [text(content.wording(.noTargets), .body, palette.secondary)] }
        return rows.enumerated().map { index, row in
            let (line, figure) = targetRow(row, index: index, uptime: uptime, reasons: reasons)
            guard reasonsBelow, reasons, !row.isOnline, let reason = row.lastError else { return line }
            let explanation = WrappedTextNode(
                text: content.wording.reason(reason), font: .caption, color: content.isStale ? palette.stale : palette.secondary,
                locale: content.wording.languageTag, landmark: "targetReason\(index)")
            // Under the name: past the dot and the row's spacing.
            return ExplainedRowNode(row: line, figure: figure, explanation: explanation, indent: Self.targetDotDiameter + line.spacing)
        }
    }

    private static let targetDotDiameter = 6.0

    /// One target's row and its last text (the latency, or the reason or "Down").
    private func targetRow(_ row: LargeWidget.TargetRow, index: Int, uptime: Bool, reasons: Bool) -> (StackNode, TextNode) {
        let stateColor = row.isOnline ? (row.isDegraded ? palette.warning : palette.success) : palette.error
        let color = content.isStale ? palette.stale : stateColor
        var latency = TextNode(
            text: row.isOnline ? content.latency(row.latencyMs) : content.wording(.down), font: .body,
            color: row.isOnline ? palette.secondary : content.isStale ? palette.stale : palette.error,
            alignment: uptime ? .trailing : .leading, flex: .fixed, minWidth: uptime ? 44 : 0)
        if reasons, !row.isOnline, let reason = row.lastError {
            latency.text = content.wording.reason(reason)
            latency.shorterForms = [content.wording(.down)]
            latency.widthShare = 0.5
        }
        let figures = content.latencyAndQuality(row)
        if reasons, row.isOnline, let full = figures.first {
            latency.text = full
            latency.shorterForms = Array(figures.dropFirst())
            latency.widthShare = 0.5
            if row.isDegraded, !content.isStale { latency.color = palette.warning }
        }
        let uptimeColumn: [any TileNode] =
            uptime
            ? [TextNode(text: content.uptime(ofTarget: row.id), font: .body, color: palette.secondary, flex: .fixed)]
            : []
        let line = StackNode.row(
            [
                DotNode(color: color, state: Self.dotState(row), diameter: Self.targetDotDiameter, landmark: "targetDot\(index)"),
                text(row.name, .body, valueColor),
                SpacerNode(),
            ] + uptimeColumn + [latency])
        return (line, latency)
    }

    static func dotState(_ row: LargeWidget.TargetRow) -> DotNode.State {
        row.isOnline ? (row.isDegraded ? .degraded : .up) : .down
    }

    func targetsCard(limit: Int, height: Double? = nil, padding: Double = 14, uptime: Bool = false, reasons: Bool = false)
        -> CardNode
    {
        CardNode(
            content: StackNode.column(
                spacing: 2,
                [
                    StackNode.row([
                        TextNode(text: content.wording(.targets), font: .headline, color: palette.primary, flex: .fixed), SpacerNode(),
                        TextNode(text: content.targets, font: .headline, color: valueColor, flex: .fixed),
                    ])
                ] + targetRows(limit: limit, uptime: uptime, reasons: reasons) + [SpacerNode()]),
            padding: padding, height: height, landmark: "targetsCard")
    }

    func devicesCard(limit: Int, padding: Double = 14) -> CardNode {
        let rows = content.large.recentDevices.prefix(limit)
        // With no room for a row (limit 0) the header's count stands alone.
        let deviceRows: [any TileNode] =
            limit == 0
            ? []
            : rows.isEmpty
                ? [text(content.wording(.noDevices), .body, palette.secondary)]
                : rows.map { device in
                    // A device known only by its address shows its kind beside it instead of the address twice.
                    let detail = device.ipAddress == device.displayName ? content.kind(device.deviceType) : device.ipAddress
                    return StackNode.row([
                        text(device.displayName, .body, valueColor), SpacerNode(),
                        TextNode(text: detail ?? TileContent.dash, font: .body, color: palette.secondary, flex: .fixed),
                    ])
                }
        return CardNode(
            content: StackNode.column(
                spacing: 2,
                [
                    StackNode.row([
                        TextNode(text: content.wording(.devices), font: .headline, color: palette.primary, flex: .fixed), SpacerNode(),
                        TextNode(
                            text: content.devices, font: .body, color: palette.secondary, alignment: .trailing,
                            shorterForms: Array(deviceCountForms.dropFirst())),
                    ])
                ] + deviceRows + [SpacerNode()]),
            padding: padding, landmark: "devicesCard")
    }
}
