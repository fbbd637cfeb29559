import NetsnapWidgets

/// Where everything goes on one drawing of the network map: the gateway, one box per group
/// of devices around it with the devices on a grid inside, one box per branch (the devices
/// connected through a switch or access point, which heads the box), and the links from the
/// gateway to each group and branch, or from a branch to the branches that hang from it.
/// Pure geometry from the boxes' sizes, so the same network always draws the same picture
/// and a device keeps its place from one refresh to the next.
///
/// Two shapes: `wide` puts the gateway in the middle column with the groups left, right,
/// above and below it (a wall screen, a desktop); `narrow` puts it on top with the groups
/// stacked under it on one trunk (a phone, 390 px). Branches stand under the groups — in the
/// wide drawing's shorter side column, at the foot of the narrow one — each branch followed
/// by those that hang from it. The cells are the same size in both, so labels cut for one fit
/// the other within a few letters.
struct MapLayout: Sendable {
    enum Shape: String, Sendable {
        case wide, narrow
    }

    /// A branch to place: how many nodes its box draws and the branch it hangs from (its
    /// index among the branches, which come depth first); nil: from the gateway.
    struct Branch: Sendable {
        let nodes: Int
        let parent: Int?
    }

    struct Cluster: Sendable {
        let place: MapPlace
        let box: MapRect
        /// A branch's head, drawn in its box's header on the side its link comes from; nil for a group.
        let head: (x: Double, y: Double)?
        /// Where the group's name is written (the middle of its baseline).
        let title: (x: Double, y: Double)
        /// One cell per node, in order, left to right and top to bottom.
        let cells: [MapRect]
        /// The link from the gateway (or a branch's from the branch it hangs from), as SVG path data.
        let link: String
    }

    static let columns = 3
    static let cellHeight = 50.0
    static let headerHeight = 30.0
    /// A branch's header holds its head's node beside its title.
    static let branchHeaderHeight = 44.0
    /// How far in from its box's side a branch's head stands.
    static let headInset = 24.0
    static let padding = 10.0
    static let gap = 20.0
    static let labelFontSize = 12.0
    /// The gateway's slot: its circle and three lines of text under it.
    static let gatewaySize = (width: 220.0, height: 112.0)
    static let gatewayRadius = 22.0

    let shape: Shape
    let width: Double
    let height: Double
    let cellWidth: Double
    /// The gateway's circle's centre.
    let gateway: (x: Double, y: Double)
    /// The middles of the baselines of the gateway's three lines (its name, address, vendor).
    let gatewayLines: [(x: Double, y: Double)]
    /// How wide each of those lines may be.
    let gatewayTextRoom: Double
    let clusters: [Cluster]

    /// The drawing for `groups` (each with how many nodes it draws, empty ones left out) and
    /// `branches`.
    init(_ shape: Shape, groups: [(group: MapGroup, nodes: Int)], branches: [Branch] = []) {
        let shown = groups.filter { $0.nodes > 0 }
        let arrangement = shape == .wide ? MapArrangement.wide(shown, branches: branches) : MapArrangement.narrow(shown, branches: branches)
        self.shape = shape
        width = arrangement.width
        height = arrangement.height
        cellWidth = arrangement.cellWidth
        gateway = arrangement.gateway
        gatewayLines = arrangement.gatewayLines
        gatewayTextRoom = arrangement.gatewayTextRoom
        clusters = arrangement.clusters
    }

    /// The centre of a node drawn in `cell`.
    static func nodeCentre(_ cell: MapRect) -> (x: Double, y: Double) { (cell.midX, cell.y + 16) }

    /// The box a node's label of `width` takes in `cell`: centred under the node, one line.
    static func labelBox(_ cell: MapRect, width: Double) -> MapRect {
        MapRect.text(centreX: cell.midX, baseline: nodeCentre(cell).y + labelBaseline, width: width, fontSize: labelFontSize)
    }

    /// The baseline of a node's label, relative to the node's centre.
    static let labelBaseline = 26.0
    /// A label's room: its cell less a little air on each side.
    var labelRoom: Double { cellWidth - 4 }

    /// How tall a box is for `nodes` nodes under a header of `header`.
    static func clusterHeight(nodes: Int, header: Double = headerHeight) -> Double {
        header + Double((nodes + columns - 1) / columns) * cellHeight + padding
    }

    /// The cells of a box at `box` for `nodes` nodes under a header of `header`.
    static func cells(in box: MapRect, nodes: Int, cellWidth: Double, header: Double = headerHeight) -> [MapRect] {
        (0..<nodes).map { index in
            MapRect(
                x: box.x + padding + Double(index % columns) * cellWidth, y: box.y + header + Double(index / columns) * cellHeight,
                width: cellWidth, height: cellHeight)
        }
    }
}
