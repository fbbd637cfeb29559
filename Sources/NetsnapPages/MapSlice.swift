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

    /// Every group with at least one of `devices`, in `MapGroup` order.
    static func slices(_ devices: [MapDevice]) -> [MapSlice] {
        let byGroup = Dictionary(grouping: devices, by: \.group)
        return MapGroup.allCases.compactMap { group in
            guard let members = byGroup[group]?.sorted(by: MapDevice.precedes), !members.isEmpty else { return nil }
            let drawn = members.count > nodeLimit ? Array(members.prefix(nodeLimit - 1)) : members
            return MapSlice(group: group, devices: drawn, hidden: members.count - drawn.count)
        }
    }
}
