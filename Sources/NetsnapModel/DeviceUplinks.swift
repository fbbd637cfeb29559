import Foundation

/// Which device each device of a snapshot reaches the network through: its `connectedVia`
/// when that names another device of the same snapshot and following the chain from there
/// ends at a device connected straight to the gateway. A `connectedVia` naming the device
/// itself, naming no device, or closing a loop (A through B, B through A) is left out, so
/// such a device hangs off the gateway: the snapshot stays valid and the picture stays a tree.
public struct DeviceUplinks: Sendable, Equatable {
    /// Indices into the devices: the device at a key is connected through the one at its value.
    public let parents: [Int: Int]

    public init(_ devices: [LocalDevice]) {
        var indexByID: [UUID: Int] = [:]
        for (index, device) in devices.enumerated() where device.connectedVia != nil {
            indexByID[device.id] = index
        }
        guard !indexByID.isEmpty else {
            parents = [:]
            return
        }
        // Devices named by others need not name anyone: index every id.
        for (index, device) in devices.enumerated() where indexByID[device.id] == nil {
            indexByID[device.id] = index
        }
        var named: [Int: Int] = [:]
        for (index, device) in devices.enumerated() {
            guard let via = device.connectedVia, let parent = indexByID[via], parent != index else { continue }
            named[index] = parent
        }
        parents = Self.withoutLoops(named)
    }

    /// `named` less every device whose chain of parents comes back on itself, and less the
    /// devices whose chain runs into such a loop: each walk is remembered, so the whole costs
    /// one pass over the chains.
    private static func withoutLoops(_ named: [Int: Int]) -> [Int: Int] {
        enum Verdict { case rooted, looped }
        var verdicts: [Int: Verdict] = [:]
        for start in named.keys where verdicts[start] == nil {
            var path: [Int] = []
            var onPath: Set<Int> = []
            var current = start
            var verdict = Verdict.rooted
            while let parent = named[current] {
                if let known = verdicts[current] {
                    verdict = known
                    break
                }
                if onPath.contains(current) {
                    verdict = .looped
                    break
                }
                path.append(current)
                onPath.insert(current)
                current = parent
            }
            for index in path { verdicts[index] = verdict }
        }
        return named.filter { verdicts[$0.key] == .rooted }
    }
}
