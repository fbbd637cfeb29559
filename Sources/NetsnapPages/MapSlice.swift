import Foundation
import NetsnapModel
import NetsnapWidgets

/// The devices of one group or branch that the map draws: all of them up to `nodeLimit`,
/// else the first ones and a "+ N more" node in the last place, so that hundreds of devices
/// still draw a map a person can read (the full list is in devices.json).
struct MapSlice: Sendable {
    /// Nodes a group draws at most, the "+ N more" node included: six rows of three.
    static let nodeLimit = 18

    let place: MapPlace
    /// The drawn devices, new first, then active, then inactive, each by name.
    let devices: [MapDevice]
    /// Devices of the group not drawn.
    let hidden: Int
    /// The switch or access point a branch hangs from, drawn in its box's header; nil for a group.
    let head: MapDevice?
    /// Heads of branches of their own connected through this branch's head, drawn in their own boxes.
    let elsewhere: Int

    /// The devices of the group, or connected through the branch's head.
    var total: Int { devices.count + hidden + elsewhere }
    /// Cells the group takes: its devices and the "+ N more" node when there is one.
    var nodeCount: Int { devices.count + (hidden > 0 ? 1 : 0) }

    /// Every group with at least one of `devices`, in `MapGroup` order, then every branch of
    /// `branches` in its order; the devices of each new first, then active, then inactive,
    /// each by name. Only the drawn ones are told (`tell`, given a device's index, words its
    /// details and dates): a snapshot may hold 100,000 devices, a group draws 17.
    static func slices(
        _ devices: [LocalDevice], branches: MapBranches, snapshotAt: Date, tell: (Int) -> MapDevice
    ) -> [MapSlice] {
        var members: [MapGroup: [Int]] = [:]
        var ranks: [Int] = []
        ranks.reserveCapacity(devices.count)
        for (index, device) in devices.enumerated() {
            let state = MapState(device, snapshotAt: snapshotAt)
            ranks.append(MapState.allCases.firstIndex(of: state) ?? 0)
            if case .group(let group) = branches.place(of: index, device.deviceType) { members[group, default: []].append(index) }
        }
        // By device index: with 100,000 devices, hashing and growing a dictionary of them was most of
        // this selection's time (about 30 ms of CPU a render).
        var names = [String?](repeating: nil, count: devices.count)
        func name(_ index: Int) -> String {
            if let known = names[index] { return known }
            let lowered = devices[index].displayName.lowercased()
            names[index] = lowered
            return lowered
        }
        func slice(_ place: MapPlace, _ indices: [Int], head: Int? = nil, elsewhere: Int = 0) -> MapSlice {
            let limit = indices.count > nodeLimit ? nodeLimit - 1 : indices.count
            let drawn = Ranking.firstIndices(count: indices.count, limit: limit) { i, j in
                let (a, b) = (indices[i], indices[j])
                if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
                let (first, second) = (name(a), name(b))
                return first != second ? first < second : Ranking.precedes(devices[a].id, devices[b].id)
            }
            return MapSlice(
                place: place, devices: drawn.map { tell(indices[$0]) }, hidden: indices.count - drawn.count, head: head.map(tell),
                elsewhere: elsewhere)
        }
        let groups = MapGroup.allCases.compactMap { group in
            members[group].map { slice(.group(group), $0) }
        }
        return groups
            + branches.branches.enumerated().map { position, branch in
                slice(.branch(position), branch.members, head: branch.head, elsewhere: branch.connected - branch.members.count)
            }
    }
}
