import NetsnapModel
import NetsnapWidgets

/// Which devices the map draws as branches. A switch or access point that other devices
/// reach the network through (their `connectedVia`, as `DeviceUplinks` admits it) heads a box
/// of its own holding those devices, joined to it rather than to the gateway; a branch whose
/// head is itself connected through another hangs from that one's box. At most `limit` boxes,
/// taken depth first from the heads connected straight to the gateway, each level by name;
/// devices connected through a head left out stay in their kind's group, so a snapshot that
/// names a thousand switches still draws a map a person can read.
struct MapBranches: Sendable {
    static let limit = 8

    struct Branch: Sendable {
        /// The head's index in the devices.
        let head: Int
        /// The branch this one hangs from (its index in `branches`); nil: from the gateway.
        let parent: Int?
        /// The devices drawn in the box, by index; heads of branches of their own are not among them.
        let members: [Int]
        /// How many devices are connected straight through the head, those heads included.
        let connected: Int
    }

    /// Depth first: each branch is followed by the ones that hang from it.
    let branches: [Branch]
    /// The device each device is connected through, by index (`DeviceUplinks`).
    let parents: [Int: Int]
    /// Where each device is drawn, by index; absent: in its kind's group.
    private let placed: [Int: MapPlace]

    init(_ devices: [LocalDevice]) {
        let parents = DeviceUplinks(devices).parents
        self.parents = parents
        var children: [Int: [Int]] = [:]
        for (child, parent) in parents { children[parent, default: []].append(child) }
        let byName = { (indices: [Int]) in indices.map { (devices[$0].displayName.lowercased(), $0) }.sorted { $0 < $1 }.map(\.1) }
        var chosen: [(head: Int, parent: Int?)] = []
        func visit(_ head: Int, parent: Int?) {
            guard chosen.count < Self.limit else { return }
            let position = chosen.count
            chosen.append((head, parent))
            for child in byName(children[head] ?? []) where children[child] != nil { visit(child, parent: position) }
        }
        for head in byName(children.keys.filter { parents[$0] == nil }) { visit(head, parent: nil) }
        let heads = Set(chosen.map(\.head))
        var placed: [Int: MapPlace] = [:]
        branches = chosen.enumerated().map { position, branch in
            placed[branch.head] = .branch(position)
            let connected = children[branch.head] ?? []
            let members = connected.filter { !heads.contains($0) }.sorted()
            for member in members { placed[member] = .branch(position) }
            return Branch(head: branch.head, parent: branch.parent, members: members, connected: connected.count)
        }
        self.placed = placed
    }

    /// Where the device at `index` of type `type` is drawn (a branch's head is drawn in its branch's box).
    func place(of index: Int, _ type: LocalDevice.DeviceType) -> MapPlace {
        placed[index] ?? .group(MapGroup(type))
    }
}
