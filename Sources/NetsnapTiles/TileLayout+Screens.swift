import NetsnapModel
import NetsnapQR
import NetsnapRaster
import NetsnapWidgets

/// The screens a display shows in turn besides the overview (`TileScreen`): each under one
/// header line (status, network name, time), then one thing as large as the canvas allows —
/// every target, the devices, or the dashboard's QR code. Lists run in two columns where the
/// canvas is wide enough and one does not hold them, and say how many more did not fit.
extension TileLayout {
    func screen(_ screen: TileScreen, url: String?) -> any TileNode {
        let body: any TileNode
        switch screen {
        case .overview, .targets: body = targetsScreen()
        case .devices: body = devicesScreen()
        case .qr: body = codeScreen(url: url)
        case .map: body = mapScreen()
        }
        return StackNode.column(spacing: isCompact ? 2 : Self.headerSpacing, [screenHeader(), body])
    }

    private static let headerSpacing = 8.0
    /// Two columns need this much width (points) to keep names readable.
    private static let twoColumnWidth = 400.0
    /// Narrower than this (points), the QR screen is the code and the address alone.
    private static let captionedCodeWidth = 300.0

    /// Small panels (strip, square) have no room for cards: lists go straight on the paper
    /// under a smaller header.
    private var isCompact: Bool { area.height < 160 }
    private var headerFont: TileFont { TileFont(size: isCompact ? 14 : 20, weight: .bold) }
    private var bodyPadding: Double { isCompact ? 0 : 12 }
    private var bodyHeight: Double { max(0, area.height - headerFont.lineHeight - Self.headerSpacing) }

    /// Dot, status word and network name large on the left, the time on the right.
    private func screenHeader() -> StackNode {
        // On a square panel the status word comes first and whole, in its short form; the name gives way.
        let narrow = area.width < Self.captionedCodeWidth
        let word = TextNode(
            text: narrow ? content.shortStatusWord : content.statusWord, font: headerFont, color: content.statusColor(cards.palette),
            flex: .fixed)
        var name = nameHeadline(headerFont, smaller: [headerFont.size * 0.85, headerFont.size * 0.7].map { $0.rounded() })
        name.color = cards.palette.secondary
        var footer = cards.footer
        footer.alignment = .trailing
        if narrow {
            // A square panel has no room for "Updated 10:42" beside a name: the time alone, whole.
            footer = TextNode(
                text: content.footers.last ?? content.footer, font: .caption, color: cards.footerColor, alignment: .trailing,
                flex: .fixed)
        }
        return .row(spacing: 8, [cards.statusDot(diameter: isCompact ? 9 : 12), word, name, SpacerNode(), footer])
    }

    /// Every target: down ones first, then degraded, then the rest as the snapshot lists them.
    /// A down target says why: in its row where that fits, else under it (not on a small
    /// panel, whose few rows are better spent on targets).
    private func targetsScreen() -> any TileNode {
        let targets = content.widgets.dashboard.targets.enumerated().sorted { first, second in
            let ranks = [first.element, second.element].map { $0.isOnline ? ($0.isDegraded ? 1 : 2) : 0 }
            return ranks[0] != ranks[1] ? ranks[0] < ranks[1] : first.offset < second.offset
        }.map(\.element)
        let rows = cards.targetRows(
            targets, limit: targets.count, uptime: content.history != nil, reasons: true, reasonsBelow: !isCompact)
        return listCard(title: content.wording(.targets), count: [content.targets], rows: rows, unlisted: 0, landmark: "targetsCard")
    }

    /// The devices: active first, then idle, then offline, each a dot, its name and address.
    private func devicesScreen() -> any TileNode {
        let order: [LocalDevice.Status] = [.active, .idle, .offline]
        let devices = content.widgets.dashboard.devices.enumerated().sorted { first, second in
            let ranks = [first.element, second.element].map { order.firstIndex(of: $0.status) ?? order.count }
            return ranks[0] != ranks[1] ? ranks[0] < ranks[1] : first.offset < second.offset
        }.map(\.element)
        let palette = cards.palette
        let rows: [any TileNode] = devices.map { device in
            let (color, state): (Color, DotNode.State) =
                switch device.status {
                case .active: (content.isStale ? palette.stale : palette.success, .up)
                case .idle: (content.isStale ? palette.stale : palette.warning, .degraded)
                case .offline: (palette.secondary, .down)
                }
            let detail = device.ipAddress == device.displayName ? content.kind(device.deviceType) : device.ipAddress
            return StackNode.row(
                spacing: 5,
                [
                    DotNode(color: color, state: state, diameter: 6),
                    NameDetailRow(
                        name: cards.text(device.displayName, .body, cards.valueColor),
                        detail: TextNode(text: detail ?? TileContent.dash, font: .body, color: palette.secondary, flex: .fixed)),
                ])
        }
        let empty = rows.isEmpty ? [cards.text(content.wording(.noDevices), .body, palette.secondary)] : rows
        return listCard(
            title: content.wording(.devices), count: cards.deviceCountForms, rows: empty,
            unlisted: content.widgets.dashboard.devicesNotListed, landmark: "devicesCard")
    }

    /// A card of `rows` under its title and count: one column, or two where they fit better,
    /// and "+ N more" in the last place when even those cannot hold them all (`ListColumnsNode`).
    /// `count` is the heading's figure and its shorter forms ("3 of 4 active", "3/4").
    private func listCard(title: String, count: [String], rows: [any TileNode], unlisted: Int, landmark: String) -> any TileNode {
        let (cards, content) = (cards, content)
        let body = ListColumnsNode(
            rows: rows, unlisted: unlisted, allowsTwoColumns: area.width >= Self.twoColumnWidth,
            more: { cards.text(content.wording(.more, count: $0), .body, cards.palette.secondary) })
        let heading = StackNode.row([
            TextNode(text: title, font: .headline, color: cards.palette.primary, flex: .fixed), SpacerNode(),
            TextNode(
                text: count.first ?? TileContent.dash, font: .headline, color: cards.valueColor, alignment: .trailing,
                shorterForms: Array(count.dropFirst())),
        ])
        let list = StackNode.column(spacing: 2, [heading, body])
        return isCompact ? list : CardNode(content: list, padding: bodyPadding, landmark: landmark)
    }

    /// The dashboard's address as large as the canvas allows, with what it leads to beside it
    /// (below it on a portrait canvas); without an address (no `publicURL`), says so.
    private func codeScreen(url: String?) -> any TileNode {
        let palette = cards.palette
        guard let url, let matrix = QRMatrix(encoding: url) else {
            return CardNode(
                content: StackNode.column([
                    SpacerNode(), cards.text(content.wording(.noDashboardAddress), .title, palette.primary),
                    cards.text(content.wording(.setPublicURL), .body, palette.secondary), SpacerNode(),
                ]), padding: bodyPadding, landmark: "codeCard")
        }
        let address = TextNode(text: url, font: .body, color: palette.secondary, shorterForms: [Self.hostOnly(url)])
        guard !isCompact, area.width >= Self.captionedCodeWidth else {
            // No room for words beside the code: the code as large as it goes, the address under it.
            let side = min(bodyHeight - TileFont.body.lineHeight - 4, area.width).rounded(.down)
            return StackNode.column(
                spacing: 4, [StackNode.row([SpacerNode(), QRCodeNode(matrix: matrix, side: side), SpacerNode()]), address])
        }
        let portrait = area.width < area.height
        let side = portrait ? min(area.width, bodyHeight * 0.6).rounded(.down) : min(bodyHeight, area.width * 0.5).rounded(.down)
        let numberFont = TileFont(size: 18, weight: .semibold)
        let caption: [any TileNode] = [
            TextNode(
                text: content.wording(.scanForDashboard), font: .largeTitle, color: palette.primary,
                shorterForms: [content.wording(.dashboard)]),
            address,
            SpacerNode(),
            cards.bigNumber(content.wording(.targets), content.targets, font: numberFont),
            cards.bigNumber(content.wording(.devices), cards.deviceCountForms.last ?? TileContent.dash, font: numberFont),
            cards.bigNumber(
                content.wording(.gateway), content.gatewayLatency, font: numberFont, shortLabel: content.wording(.gatewayAbbreviated)),
        ]
        let code = QRCodeNode(matrix: matrix, side: side)
        guard portrait else {
            return StackNode.row(spacing: 16, [code, StackNode.column(spacing: 4, caption)], flex: .filling)
        }
        return StackNode.column(spacing: 8, [StackNode.row([SpacerNode(), code, SpacerNode()]), StackNode.column(spacing: 4, caption)])
    }

    /// `http://host:port/path` → `host:port`, a shorter form of a long address.
    private static func hostOnly(_ url: String) -> String {
        let afterScheme = url.range(of: "://").map { url[$0.upperBound...] } ?? url[...]
        return String(afterScheme.prefix { $0 != "/" })
    }
}
