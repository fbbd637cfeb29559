import Foundation
import NetsnapModel
import NetsnapWidgets

/// The devices of one group that the map draws: all of them up to `nodeLimit`, else the
/// first ones and a "+ N more" node in the last place, so that hundreds of devices still
/// draw a map a person can read (the full list is in devices.json).
struct MapSlice: Sendable {
    /// Nodes a group draws at most, the "+ N more" node included: six rows of three.
    static let nodeLimit = 18

    let group: MapGroup
    /// The drawn devices, new first, then active, then inactive, each by name.
    let devices: [MapDevice]
    /// Devices of the group not drawn.
    let hidden: Int

    var total: Int { devices.count + hidden }
    /// Cells the group takes: its devices and the "+ N more" node when there is one.
    var nodeCount: Int { devices.count + (hidden > 0 ? 1 : 0) }

    /// Every group with at least one of `devices`, in `MapGroup` order, its devices new first,
    /// then active, then inactive, each by name. Only the drawn ones are told (`tell`, which
    /// words their details and dates): a snapshot may hold 100,000 devices, a group draws 17.
    static func slices(_ devices: [LocalDevice], snapshotAt: Date, tell: (LocalDevice) -> MapDevice) -> [MapSlice] {
        var members: [MapGroup: [Int]] = [:]
        var ranks: [Int] = []
        ranks.reserveCapacity(devices.count)
        for (index, device) in devices.enumerated() {
            let state = MapState(device, snapshotAt: snapshotAt)
            ranks.append(MapState.allCases.firstIndex(of: state) ?? 0)
            members[MapGroup(device.deviceType), default: []].append(index)
        }
        var names: [Int: String] = [:]
        func name(_ index: Int) -> String {
            if let known = names[index] { return known }
            let lowered = devices[index].displayName.lowercased()
            names[index] = lowered
            return lowered
        }
        return MapGroup.allCases.compactMap { group in
            guard let indices = members[group], !indices.isEmpty else { return nil }
            let limit = indices.count > nodeLimit ? nodeLimit - 1 : indices.count
            let drawn = Ranking.firstIndices(count: indices.count, limit: limit) { i, j in
                let (a, b) = (indices[i], indices[j])
                if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
                let (first, second) = (name(a), name(b))
                return first != second ? first < second : Ranking.precedes(devices[a].id, devices[b].id)
            }
            return MapSlice(group: group, devices: drawn.map { tell(devices[indices[$0]]) }, hidden: indices.count - drawn.count)
        }
    }
}
