import NetsnapWidgets

/// How `MapLayout` places the gateway and the boxes of the groups and branches for each of
/// its shapes.
struct MapArrangement {
    var width = 0.0
    var height = 0.0
    var cellWidth = 0.0
    var gateway = (x: 0.0, y: 0.0)
    var gatewayLines: [(x: Double, y: Double)] = []
    var gatewayTextRoom = 0.0
    var clusters: [MapLayout.Cluster] = []
    /// How many nodes each box draws.
    var nodes: [MapPlace: Int] = [:]
    /// The branches to place, depth first.
    var branches: [MapLayout.Branch] = []

    typealias Layout = MapLayout
    static let margin = 16.0
    /// The wide drawing's three columns and the gutter between them, where the links run.
    private static let wideCellWidth = 116.0
    static let gutter = 64.0
    /// The narrow drawing fits a 390 px phone's card at about its own size.
    private static let narrowWidth = 340.0
    private static let trunkX = 12.0

    /// Three columns: phones and computers on the left; network gear, the gateway and the
    /// unknown in the middle; media and IoT on the right; each branch (with those hanging
    /// from it) under the shorter side. Each column centred on the tallest.
    static func wide(_ groups: [(group: MapGroup, nodes: Int)], branches: [MapLayout.Branch]) -> MapArrangement {
        var result = MapArrangement(groups, branches)
        result.cellWidth = wideCellWidth
        let boxWidth = Double(Layout.columns) * wideCellWidth + 2 * Layout.padding
        var sides = [[MapGroup.phones, .computers], [.media, .iot]].map { $0.map(MapPlace.group).filter { result.nodes[$0] != nil } }
        for unit in result.branchUnits() {
            sides[result.stackHeight(sides[0]) <= result.stackHeight(sides[1]) ? 0 : 1] += unit
        }
        let above = [MapPlace.group(.network)].filter { result.nodes[$0] != nil }
        let below = [MapPlace.group(.unknown)].filter { result.nodes[$0] != nil }
        let middle = result.stackHeight(above) + result.stackHeight(below) + Layout.gatewaySize.height + 2 * Layout.gap
        let tallest = max(middle, result.stackHeight(sides[0]), result.stackHeight(sides[1]))
        let columnX = (0..<3).map { margin + Double($0) * (boxWidth + gutter) }
        result.width = columnX[2] + boxWidth + margin
        result.height = tallest + 2 * margin
        let middleTop = margin + (tallest - middle) / 2
        let gatewayTop = middleTop + result.stackHeight(above) + (above.isEmpty ? 0 : Layout.gap)
        result.gateway = (columnX[1] + boxWidth / 2, gatewayTop + Layout.gatewayRadius + 4)
        let (gx, gy) = result.gateway
        result.gatewayLines = [40.0, 57, 74].map { (gx, gy + $0) }
        result.gatewayTextRoom = Layout.gatewaySize.width - 10
        result.stack(sides[0], x: columnX[0], width: boxWidth, top: margin + (tallest - result.stackHeight(sides[0])) / 2, inward: 1)
        result.stack(sides[1], x: columnX[2], width: boxWidth, top: margin + (tallest - result.stackHeight(sides[1])) / 2, inward: -1)
        if let network = above.first, let nodes = result.nodes[network] {
            let box = MapRect(x: columnX[1], y: middleTop, width: boxWidth, height: Layout.clusterHeight(nodes: nodes))
            result.add(network, box, link: "M\(n(gx)) \(n(gy))V\(n(box.maxY))")
        }
        if let unknown = below.first, let nodes = result.nodes[unknown] {
            let top = gatewayTop + Layout.gatewaySize.height + Layout.gap
            let box = MapRect(x: columnX[1], y: top, width: boxWidth, height: Layout.clusterHeight(nodes: nodes))
            result.add(unknown, box, link: "M\(n(gx)) \(n(gy))V\(n(box.y))")
        }
        // The order keys reach them in: the groups in their order, then the branches.
        result.clusters.sort { order($0.place) < order($1.place) }
        return result
    }

    private static func order(_ place: MapPlace) -> Int {
        switch place {
        case .group(let group): MapGroup.allCases.firstIndex(of: group) ?? 0
        case .branch(let index): MapGroup.allCases.count + index
        }
    }

    /// One column: the gateway on top, the groups under it in order and then the branches,
    /// each joined to a trunk down the left edge (a branch hanging from another, to that one).
    static func narrow(_ groups: [(group: MapGroup, nodes: Int)], branches: [MapLayout.Branch]) -> MapArrangement {
        var result = MapArrangement(groups, branches)
        let boxX = trunkX + 12
        let boxWidth = narrowWidth - boxX - 8
        result.cellWidth = ((boxWidth - 2 * Layout.padding) / Double(Layout.columns)).rounded(.down)
        result.width = narrowWidth
        result.gateway = (trunkX + Layout.gatewayRadius + 4, margin + Layout.gatewayRadius)
        let textX = result.gateway.x + Layout.gatewayRadius + 8
        result.gatewayLines = [-8.0, 9, 26].map { ((textX + boxX + boxWidth) / 2, result.gateway.y + $0) }
        result.gatewayTextRoom = boxX + boxWidth - textX
        let places = groups.map { MapPlace.group($0.group) } + result.branchUnits().flatMap { $0 }
        let top = margin + Layout.gatewaySize.height - 30
        result.stack(places, x: boxX, width: boxWidth, top: top, inward: -1, bus: trunkX)
        result.height = max(top + result.stackHeight(places), top) + margin
        return result
    }

    private init(_ groups: [(group: MapGroup, nodes: Int)], _ branches: [MapLayout.Branch]) {
        nodes = Dictionary(groups.map { (MapPlace.group($0.group), $0.nodes) }, uniquingKeysWith: { first, _ in first })
        for (index, branch) in branches.enumerated() { nodes[.branch(index)] = branch.nodes }
        self.branches = branches
    }

    /// The header of a box: a branch's holds its head beside its title.
    func header(_ place: MapPlace) -> Double {
        if case .branch = place { return Layout.branchHeaderHeight }
        return Layout.headerHeight
    }

    /// How tall `places` stand one under another.
    func stackHeight(_ places: [MapPlace]) -> Double {
        let heights = places.map { Layout.clusterHeight(nodes: nodes[$0] ?? 0, header: header($0)) }
        return heights.reduce(0, +) + Double(max(0, heights.count - 1)) * Layout.gap
    }

    /// The branches in runs that stay together: one hanging from the gateway and every
    /// branch hanging from it, at any depth (the branches come depth first).
    func branchUnits() -> [[MapPlace]] {
        var units: [[MapPlace]] = []
        for (index, branch) in branches.enumerated() {
            if branch.parent == nil || units.isEmpty {
                units.append([.branch(index)])
            } else {
                units[units.count - 1].append(.branch(index))
            }
        }
        return units
    }

    /// A coordinate as SVG writes it: whole units, or one decimal.
    static func n(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
