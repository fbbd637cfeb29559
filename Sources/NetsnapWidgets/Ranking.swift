import Foundation
import NetsnapModel

/// Orderings for the large widget's lists, as partial selections over indices: a snapshot
/// may hold 100,000 devices and only three are shown, so nothing sorts or copies the list.
public enum Ranking {
    /// Offline targets first, then degraded ones, then the slowest; unmeasured online targets
    /// last; ties by name.
    static func problemsFirst(_ targets: [MonitoringTarget], limit: Int, isDegraded: (MonitoringTarget) -> Bool) -> [MonitoringTarget] {
        firstIndices(count: targets.count, limit: limit) { i, j in
            let a = targets[i]
            let b = targets[j]
            if a.isOnline != b.isOnline { return !a.isOnline }
            let (aDegraded, bDegraded) = (isDegraded(a), isDegraded(b))
            if aDegraded != bDegraded { return aDegraded }
            switch (a.currentLatency, b.currentLatency) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.name == b.name ? precedes(a.id, b.id) : a.name < b.name
            }
        }.map { targets[$0] }
    }

    /// The most recently first-seen devices; ties by id.
    static func newestFirstSeen(_ devices: [LocalDevice], limit: Int) -> [LocalDevice] {
        firstIndices(count: devices.count, limit: limit) { i, j in
            let a = devices[i].firstSeen
            let b = devices[j].firstSeen
            return a != b ? a > b : precedes(devices[i].id, devices[j].id)
        }.map { devices[$0] }
    }

    /// The order of the ids' text (`uuidString`), read from their bytes: fixed-width upper-case
    /// hex sorts as the bytes do, and formatting 100,000 ids to compare them went through snprintf.
    public static func precedes(_ a: UUID, _ b: UUID) -> Bool {
        withUnsafeBytes(of: a.uuid) { x in withUnsafeBytes(of: b.uuid) { y in x.lexicographicallyPrecedes(y) } }
    }

    /// The indices of the first `limit` elements in `precedes` order, in one pass.
    public static func firstIndices(count: Int, limit: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        var best: [Int] = []
        best.reserveCapacity(limit + 1)
        for index in 0..<count {
            if best.count == limit, let last = best.last, !precedes(index, last) { continue }
            let position = best.firstIndex(where: { precedes(index, $0) }) ?? best.endIndex
            best.insert(index, at: position)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
