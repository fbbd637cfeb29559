/// Placing boxes one under another, and the links that join them.
extension MapArrangement {
    /// Stands `places` one under another from `top` at `x`, and links each: a group or a
    /// branch hanging from the gateway along a bus (a vertical line in the gutter on the side
    /// `inward` points to, 1 for right, -1 for left, or at `bus`), a branch hanging from
    /// another from that one's box.
    mutating func stack(_ places: [MapPlace], x: Double, width: Double, top: Double, inward: Double, bus: Double? = nil) {
        let n = Self.n
        let edge = inward > 0 ? x + width : x
        let busX = bus ?? edge + inward * Self.gutter / 2
        // Links between branches run in a lane between the boxes and the bus.
        let lane = bus.map { ($0 + edge) / 2 } ?? edge + inward * 12
        let (gx, gy) = gateway
        var y = top
        for place in places {
            let box = MapRect(x: x, y: y, width: width, height: Layout.clusterHeight(nodes: nodes[place] ?? 0, header: header(place)))
            y = box.maxY + Layout.gap
            guard case .branch(let index) = place else {
                add(place, box, link: "M\(n(gx)) \(n(gy))H\(n(busX))V\(n(box.y + Layout.headerHeight / 2))H\(n(edge))")
                continue
            }
            let head = (x: edge - inward * Layout.headInset, y: box.y + Layout.branchHeaderHeight / 2)
            guard let parent = branches[index].parent, let from = clusters.last(where: { $0.place == .branch(parent) }) else {
                add(place, box, head: head, link: "M\(n(gx)) \(n(gy))H\(n(busX))V\(n(head.y))H\(n(head.x))")
                continue
            }
            let start = "M\(n(head.x)) \(n(from.box.maxY))"
            // Right under its parent a short drop joins them; else the link leaves the parent's
            // foot for the lane, passing the boxes between.
            let link =
                clusters.last?.place == from.place
                ? start + "V\(n(head.y))"
                : start + "V\(n(from.box.maxY + Layout.gap / 2))H\(n(lane))V\(n(head.y))H\(n(head.x))"
            add(place, box, head: head, link: link)
        }
    }

    mutating func add(_ place: MapPlace, _ box: MapRect, head: (x: Double, y: Double)? = nil, link: String) {
        let header = header(place)
        // A branch's title stands in its header's middle, clear of the head beside it.
        let title = (box.midX, box.y + (head == nil ? 20 : 27))
        clusters.append(
            MapLayout.Cluster(
                place: place, box: box, head: head, title: title,
                cells: MapLayout.cells(in: box, nodes: nodes[place] ?? 0, cellWidth: cellWidth, header: header), link: link))
    }
}
