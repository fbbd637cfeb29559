import NetsnapWidgets

/// Where the map draws a device: in its kind's group, or in a branch — the box of the
/// devices connected through one switch or access point (`MapBranches`, by its index there).
enum MapPlace: Hashable, Sendable {
    case group(MapGroup)
    case branch(Int)

    /// The group, for a group's place.
    var group: MapGroup? {
        if case .group(let group) = self { return group }
        return nil
    }
}
