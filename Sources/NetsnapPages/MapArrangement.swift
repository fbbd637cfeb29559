import NetsnapWidgets

/// How `MapLayout` places the gateway and the groups' boxes for each of its shapes.
struct MapArrangement {
    var width = 0.0
    var height = 0.0
    var cellWidth = 0.0
    var gateway = (x: 0.0, y: 0.0)
    var gatewayLines: [(x: Double, y: Double)] = []
    var gatewayTextRoom = 0.0
    var clusters: [MapLayout.Cluster] = []

    private typealias Layout = MapLayout
    private static let margin = 16.0
    /// The wide drawing's three columns and the gutter between them, where the links run.
    private static let wideCellWidth = 116.0
    private static let gutter = 64.0
    /// The narrow drawing fits a 390 px phone's card at about its own size.
    private static let narrowWidth = 340.0
    private static let trunkX = 12.0

    /// Three columns: phones and computers on the left; network gear, the gateway and the
    /// unknown in the middle; media and IoT on the right. Each column centred on the tallest.
    static func wide(_ groups: [(group: MapGroup, nodes: Int)]) -> MapArrangement {
        var result = MapArrangement()
        result.cellWidth = wideCellWidth
        let boxWidth = Double(Layout.columns) * wideCellWidth + 2 * Layout.padding
        let sides: [[MapGroup]] = [[.phones, .computers], [.network], [.unknown], [.media, .iot]]
        let sizes = Dictionary(groups.map { ($0.group, $0.nodes) }, uniquingKeysWith: { first, _ in first })
        func stackHeight(_ members: [MapGroup]) -> Double {
            let present = members.compactMap { sizes[$0] }
            return present.map(Layout.clusterHeight).reduce(0, +) + Double(max(0, present.count - 1)) * Layout.gap
        }
        let middle = stackHeight(sides[1]) + stackHeight(sides[2]) + Layout.gatewaySize.height + 2 * Layout.gap
        let tallest = max(middle, stackHeight(sides[0]), stackHeight(sides[3]))
        let columnX = (0..<3).map { margin + Double($0) * (boxWidth + gutter) }
        result.width = columnX[2] + boxWidth + margin
        result.height = tallest + 2 * margin
        let middleTop = margin + (tallest - middle) / 2
        let gatewayTop = middleTop + stackHeight(sides[1]) + (sides[1].contains { sizes[$0] != nil } ? Layout.gap : 0)
        result.gateway = (columnX[1] + boxWidth / 2, gatewayTop + Layout.gatewayRadius + 4)
        let (gx, gy) = result.gateway
        result.gatewayLines = [40.0, 57, 74].map { (gx, gy + $0) }
        result.gatewayTextRoom = Layout.gatewaySize.width - 10
        for (column, members) in [(0, sides[0]), (2, sides[3])] {
            var y = margin + (tallest - stackHeight(members)) / 2
            for group in members {
                guard let nodes = sizes[group] else { continue }
                let box = MapRect(x: columnX[column], y: y, width: boxWidth, height: Layout.clusterHeight(nodes: nodes))
                let edge = column == 0 ? box.maxX : box.x
                let bus = column == 0 ? box.maxX + gutter / 2 : box.x - gutter / 2
                let headerY = box.y + Layout.headerHeight / 2
                result.add(group, box, nodes: nodes, link: "M\(n(gx)) \(n(gy))H\(n(bus))V\(n(headerY))H\(n(edge))")
                y = box.maxY + Layout.gap
            }
        }
        if let nodes = sizes[.network] {
            let box = MapRect(x: columnX[1], y: middleTop, width: boxWidth, height: Layout.clusterHeight(nodes: nodes))
            result.add(.network, box, nodes: nodes, link: "M\(n(gx)) \(n(gy))V\(n(box.maxY))")
        }
        if let nodes = sizes[.unknown] {
            let top = gatewayTop + Layout.gatewaySize.height + Layout.gap
            let box = MapRect(x: columnX[1], y: top, width: boxWidth, height: Layout.clusterHeight(nodes: nodes))
            result.add(.unknown, box, nodes: nodes, link: "M\(n(gx)) \(n(gy))V\(n(box.y))")
        }
        let order = MapGroup.allCases
        result.clusters.sort { (order.firstIndex(of: $0.group) ?? 0) < (order.firstIndex(of: $1.group) ?? 0) }
        return result
    }

    /// One column: the gateway on top, the groups under it in order, each joined to a trunk
    /// down the left edge.
    static func narrow(_ groups: [(group: MapGroup, nodes: Int)]) -> MapArrangement {
        var result = MapArrangement()
        let boxX = trunkX + 12
        let boxWidth = narrowWidth - boxX - 8
        result.cellWidth = ((boxWidth - 2 * Layout.padding) / Double(Layout.columns)).rounded(.down)
        result.width = narrowWidth
        result.gateway = (trunkX + Layout.gatewayRadius + 4, margin + Layout.gatewayRadius)
        let textX = result.gateway.x + Layout.gatewayRadius + 8
        result.gatewayLines = [-8.0, 9, 26].map { ((textX + boxX + boxWidth) / 2, result.gateway.y + $0) }
        result.gatewayTextRoom = boxX + boxWidth - textX
        var y = margin + Layout.gatewaySize.height - 30
        for (group, nodes) in groups {
            let box = MapRect(x: boxX, y: y, width: boxWidth, height: Layout.clusterHeight(nodes: nodes))
            let headerY = box.y + Layout.headerHeight / 2
            let (gx, gy) = result.gateway
            result.add(group, box, nodes: nodes, link: "M\(n(gx)) \(n(gy))H\(n(trunkX))V\(n(headerY))H\(n(boxX))")
            y = box.maxY + Layout.gap
        }
        result.height = max(y - Layout.gap, margin + Layout.gatewaySize.height - 30) + margin
        return result
    }

    private mutating func add(_ group: MapGroup, _ box: MapRect, nodes: Int, link: String) {
        clusters.append(
            MapLayout.Cluster(
                group: group, box: box, title: (box.midX, box.y + 20), cells: MapLayout.cells(in: box, nodes: nodes, cellWidth: cellWidth),
                link: link))
    }

    /// A coordinate as SVG writes it: whole units, or one decimal.
    static func n(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
