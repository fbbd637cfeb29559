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
        let id: String
        let title: String
        let titleX: String
        let titleY: String
        let x: String
        let y: String
        let width: String
        let height: String
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

    init(_ shape: MapLayout.Shape, slices: [MapSlice], gateway: MapDevice, label: String, _ wording: Wording) {
        let layout = MapLayout(shape, groups: slices.map { ($0.group, $0.nodeCount) })
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
        var clusters: [Cluster] = []
        for cluster in layout.clusters {
            guard let slice = slices.first(where: { $0.group == cluster.group }) else { continue }
            let title = MapLabel(
                "\(wording(cluster.group.phrase)) · \(wording.integer(slice.total))", fontSize: Self.bold(font + 1),
                maxWidth: cluster.box.width - 20)
            boxes.append(MapRect.text(centreX: cluster.title.x, baseline: cluster.title.y, width: title.width, fontSize: font + 1))
            let nodes = zip(cluster.cells, slice.devices).map { cell, device in
                let label = MapLabel(device.name, fontSize: font, maxWidth: layout.labelRoom)
                boxes.append(MapLayout.labelBox(cell, width: label.width))
                let centre = MapLayout.nodeCentre(cell)
                return Node(device: device, x: n(centre.x), y: n(centre.y), label: label.text, labelY: n(MapLayout.labelBaseline))
            }
            var more: More?
            if slice.hidden > 0, let cell = cluster.cells.last {
                let text = MapLabel(wording(CountPhrase.more, count: slice.hidden), fontSize: font, maxWidth: layout.labelRoom)
                boxes.append(MapLayout.labelBox(cell, width: text.width))
                let centre = MapLayout.nodeCentre(cell)
                more = More(x: n(centre.x), y: n(centre.y), text: text.text, labelY: n(MapLayout.labelBaseline))
            }
            clusters.append(
                Cluster(
                    id: cluster.group.rawValue, title: title.text, titleX: n(cluster.title.x), titleY: n(cluster.title.y),
                    x: n(cluster.box.x),
                    y: n(cluster.box.y), width: n(cluster.box.width), height: n(cluster.box.height), nodes: nodes, more: more))
        }
        self.shape = shape.rawValue
        width = n(layout.width)
        height = n(layout.height)
        self.label = label
        links = layout.clusters.map(\.link)
        self.gateway = gateway
        gatewayX = n(layout.gateway.x)
        gatewayY = n(layout.gateway.y)
        self.clusters = clusters
        textBoxes = boxes
    }
}
