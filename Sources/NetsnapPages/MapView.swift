import NetsnapLanguage
import NetsnapWidgets

/// One drawing of the map (`MapLayout`'s wide or narrow shape) as the template writes it:
/// coordinates as text, every label already cut to its room. The page carries both shapes
/// and its stylesheet shows one, so a phone gets a map drawn for a phone.
struct MapView: Sendable {
    struct Line: Sendable {
        let x: String
        let y: String
        let text: String
    }

    struct Node: Sendable {
        let device: MapDevice
        let x: String
        let y: String
        let label: String
        let labelY: String
    }

    /// "+ 23 more", in the last cell of a group too large to draw whole.
    struct More: Sendable {
        let x: String
        let y: String
        let text: String
        let labelY: String
    }

    struct Cluster: Sendable {
        /// The group's id, or "branch".
        let id: String
        /// A branch's head's device id; empty for a group.
        let branchOf: String
        let title: String
        /// What a screen reader says for the box: its title, or "4 devices connected through Office switch".
        let ariaLabel: String
        let titleX: String
        let titleY: String
        let x: String
        let y: String
        let width: String
        let height: String
        /// A branch's switch or access point, in the box's header; its title is its label.
        let head: Node?
        let nodes: [Node]
        let more: More?
    }

    let shape: String
    let width: String
    let height: String
    let label: String
    let links: [String]
    let gateway: MapDevice
    let gatewayX: String
    let gatewayY: String
    let gatewayLines: [Line]
    let clusters: [Cluster]
    /// Where every text is drawn, as the layout estimates it, for the test that keeps them apart.
    let textBoxes: [MapRect]

    /// The size to estimate bold text at: its letters are about a tenth wider.
    static func bold(_ size: Double) -> Double { size * 1.1 }

    init(_ shape: MapLayout.Shape, slices: [MapSlice], branches: [MapLayout.Branch], gateway: MapDevice, label: String, _ wording: Wording)
    {
        let groups = slices.compactMap { slice in
            if case .group(let group) = slice.place { return (group, slice.nodeCount) }
            return nil
        }
        let layout = MapLayout(shape, groups: groups, branches: branches)
        let n = MapArrangement.n
        var boxes: [MapRect] = []
        let font = MapLayout.labelFontSize
        let lines = [gateway.name, gateway.address, gateway.vendor].filter { !$0.isEmpty }
        gatewayLines = zip(layout.gatewayLines, lines).map { place, text in
            // The first line, the gateway's name, is bold.
            let cut = MapLabel(text, fontSize: Self.bold(font + 1), maxWidth: layout.gatewayTextRoom)
            boxes.append(MapRect.text(centreX: place.x, baseline: place.y, width: cut.width, fontSize: font + 1))
            return Line(x: n(place.x), y: n(place.y), text: cut.text)
        }
        clusters = layout.clusters.compactMap { cluster in
            slices.first { $0.place == cluster.place }.map { Self.cluster(cluster, $0, room: layout.labelRoom, boxes: &boxes, wording) }
        }
        self.shape = shape.rawValue
        width = n(layout.width)
        height = n(layout.height)
        self.label = label
        links = layout.clusters.map(\.link)
        self.gateway = gateway
        gatewayX = n(layout.gateway.x)
        gatewayY = n(layout.gateway.y)
        textBoxes = boxes
    }

    /// One box as the template writes it, its texts' boxes added to `boxes`.
    private static func cluster(
        _ cluster: MapLayout.Cluster, _ slice: MapSlice, room: Double, boxes: inout [MapRect], _ wording: Wording
    ) -> Cluster {
        let n = MapArrangement.n
        let font = MapLayout.labelFontSize
        let name = slice.head?.name ?? (slice.place.group.map { wording($0.phrase) } ?? "")
        // A branch's title keeps clear of the head standing at one end of its header.
        let titleRoom = cluster.box.width - (cluster.head == nil ? 20 : 4 * MapLayout.headInset)
        let title = MapLabel(name + wording.separator + wording.integer(slice.total), fontSize: bold(font + 1), maxWidth: titleRoom)
        boxes.append(MapRect.text(centreX: cluster.title.x, baseline: cluster.title.y, width: title.width, fontSize: font + 1))
        let nodes = zip(cluster.cells, slice.devices).map { cell, device in
            let label = MapLabel(device.name, fontSize: font, maxWidth: room)
            boxes.append(MapLayout.labelBox(cell, width: label.width))
            let centre = MapLayout.nodeCentre(cell)
            return Node(device: device, x: n(centre.x), y: n(centre.y), label: label.text, labelY: n(MapLayout.labelBaseline))
        }
        var more: More?
        if slice.hidden > 0, let cell = cluster.cells.last {
            let text = MapLabel(wording(CountPhrase.more, count: slice.hidden), fontSize: font, maxWidth: room)
            boxes.append(MapLayout.labelBox(cell, width: text.width))
            let centre = MapLayout.nodeCentre(cell)
            more = More(x: n(centre.x), y: n(centre.y), text: text.text, labelY: n(MapLayout.labelBaseline))
        }
        var head: Node?
        if let place = cluster.head, let device = slice.head {
            head = Node(device: device, x: n(place.x), y: n(place.y), label: "", labelY: "")
        }
        let ariaLabel = slice.head.map { wording(MapCountPhrase.branchLabel, count: slice.total, ["name": $0.name]) } ?? title.text
        return Cluster(
            id: slice.place.group?.rawValue ?? "branch", branchOf: slice.head?.id ?? "", title: title.text, ariaLabel: ariaLabel,
            titleX: n(cluster.title.x), titleY: n(cluster.title.y), x: n(cluster.box.x), y: n(cluster.box.y),
            width: n(cluster.box.width), height: n(cluster.box.height), head: head, nodes: nodes, more: more)
    }
}
