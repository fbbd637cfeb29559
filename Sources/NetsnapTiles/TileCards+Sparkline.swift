import NetsnapRaster

extension TileCards {
    /// "Gateway 24 h", and the measured range.
    private var sparklineLabel: TextNode {
        TextNode(text: content.wording(.gatewayLastDay), font: .caption, color: palette.secondary, flex: .fixed)
    }

    private var sparklineRange: TextNode {
        TextNode(text: content.gatewayRange, font: .caption, color: palette.secondary, flex: .fixed)
    }

    private func sparkline(height: Double, flex: TileFlex) -> SparklineNode? {
        guard let series = content.history?.gatewayLatency else { return nil }
        let line = content.isStale ? palette.stale : palette.accent
        return SparklineNode(
            points: series.points, lineColor: line, areaColor: palette.isPaper ? nil : line.withOpacity(0.16),
            height: height, flex: flex)
    }

    /// One line — label, sparkline, range — for cards with no height to spare; nil
    /// without drawable history.
    func gatewaySparklineRow(height: Double = 20) -> StackNode? {
        guard let plot = sparkline(height: height, flex: .filling) else { return nil }
        return .row(spacing: 8, [sparklineLabel, plot, sparklineRange])
    }

    /// The height of `gatewaySparklineBlock()`: air above, a caption line, the plot, and
    /// the spacing between them.
    static let sparklineBlockHeight = sparklineBlockAir + TileFont.caption.lineHeight + sparklineBlockPlotHeight + 2 * 4
    private static let sparklineBlockAir = 4.0
    private static let sparklineBlockPlotHeight = 36.0

    /// Label and range above a full-width sparkline, with a little air above to set it
    /// apart from the rows before, for roomier cards; nil without drawable history.
    func gatewaySparklineBlock() -> StackNode? {
        guard let plot = sparkline(height: Self.sparklineBlockPlotHeight, flex: .fixed) else { return nil }
        return .column(
            spacing: 4,
            [SpacerNode.gap(Self.sparklineBlockAir), StackNode.row([sparklineLabel, SpacerNode(), sparklineRange]), plot],
            flex: .fixed)
    }
}
