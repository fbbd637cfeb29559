import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapWidgets

/// The `map` screen: the network map as a panel can show it — the gateway in the middle
/// with its address and the device count, the six groups of devices around it, each with
/// its name, how many it has, and how many answer (a filled dot) or do not (a ring). On
/// paper the dots' shapes carry the state, so it reads in one bit.
extension TileLayout {
    /// The groups in the order the map places them: phones, computers and media on one side
    /// (left, or on top of a portrait panel), IoT, network gear and the unknown on the other.
    private static let mapGroups: [MapGroup] = [.phones, .computers, .media, .iot, .network, .unknown]

    func mapScreen() -> any TileNode {
        let palette = cards.palette
        let devices = content.widgets.dashboard.devices
        let counts = Dictionary(grouping: devices) { MapGroup($0.deviceType) }
        let small = area.height < 200 || area.width < 300
        let groupCards: [any TileNode] = Self.mapGroups.map { group in
            let members = counts[group] ?? []
            let active = members.filter { $0.status == .active }.count
            return mapGroupCard(content.wording(group.phrase), total: members.count, active: active, small: small)
        }
        let gatewayLines: [any TileNode] = [
            TextNode(text: content.wording(.gateway), font: small ? .bodyStrong : .title, color: palette.primary),
            TextNode(text: content.gatewayIP, font: small ? .caption : .bodyStrong, color: cards.valueColor),
            TextNode(
                text: cards.deviceCountForms.first ?? TileContent.dash, font: small ? .caption : .body, color: palette.secondary,
                shorterForms: Array(cards.deviceCountForms.dropFirst())),
        ].map { StackNode.row(spacing: 0, [SpacerNode(), $0, SpacerNode()]) }
        let gateway = CardNode(
            content: StackNode.column(spacing: 2, [SpacerNode()] + gatewayLines + [SpacerNode()]), padding: small ? 4 : 10,
            radius: small ? 8 : 20, landmark: "mapGateway")
        return NetworkMapNode(centre: gateway, around: groupCards, lineColor: palette.primary, lineWidth: small ? 1 : 2, gap: small ? 4 : 8)
    }

    /// One group: its name, its count large, and how many of it answer and do not.
    private func mapGroupCard(_ name: String, total: Int, active: Int, small: Bool) -> any TileNode {
        let palette = cards.palette
        let wording = content.wording
        let activeColor = content.isStale ? palette.stale : palette.success
        let counts = StackNode.row(
            spacing: 4,
            [
                DotNode(color: activeColor, state: .up, diameter: small ? 6 : 10),
                TextNode(text: wording.integer(active), font: small ? .caption : .bodyStrong, color: cards.valueColor, flex: .fixed),
                SpacerNode.gap(small ? 2 : 6),
                DotNode(color: palette.secondary, state: .down, diameter: small ? 6 : 10),
                TextNode(
                    text: wording.integer(total - active), font: small ? .caption : .bodyStrong, color: cards.valueColor, flex: .fixed),
                SpacerNode(),
            ])
        let heading = StackNode.row([
            TextNode(text: name, font: small ? .caption : .headline, color: palette.primary),
            SpacerNode(),
            TextNode(
                text: wording.integer(total), font: small ? .bodyStrong : .largeTitle,
                color: total == 0 ? palette.secondary : cards.valueColor,
                alignment: .trailing, flex: .fixed),
        ])
        // A portrait panel's cards are narrow and tall: the name gets a line of its own.
        let stacked: [any TileNode] = [
            TextNode(text: name, font: .headline, color: palette.primary),
            TextNode(
                text: wording.integer(total), font: .largeTitle, color: total == 0 ? palette.secondary : cards.valueColor, flex: .fixed),
        ]
        let body: [any TileNode] =
            small ? [heading, counts] : area.width < area.height ? stacked + [SpacerNode(), counts] : [heading, SpacerNode(), counts]
        return CardNode(content: StackNode.column(spacing: 2, body), padding: small ? 4 : 10, radius: small ? 8 : 14)
    }
}
