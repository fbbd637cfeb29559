import NetsnapModel

/// Orderings for the large widget's lists, as partial selections: a snapshot may hold
/// 100,000 devices and only three are shown, so nothing sorts the whole list.
enum Ranking {
    /// Offline targets first, then the slowest; unmeasured online targets last; ties by name.
    static func problemsFirst(_ targets: [MonitoringTarget], limit: Int) -> [MonitoringTarget] {
        select(targets, limit: limit) { a, b in
            if a.isOnline != b.isOnline { return !a.isOnline }
            switch (a.currentLatency, b.currentLatency) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.name == b.name ? a.id.uuidString < b.id.uuidString : a.name < b.name
            }
        }
    }

    /// The most recently first-seen devices; ties by display name.
    static func newestFirstSeen(_ devices: [LocalDevice], limit: Int) -> [LocalDevice] {
        select(devices, limit: limit) { a, b in
            if a.firstSeen != b.firstSeen { return a.firstSeen > b.firstSeen }
            return a.id.uuidString < b.id.uuidString
        }
    }

    /// The first `limit` elements in `precedes` order, in one pass.
    private static func select<T>(_ elements: [T], limit: Int, by precedes: (T, T) -> Bool) -> [T] {
        var best: [T] = []
        best.reserveCapacity(limit + 1)
        for element in elements {
            if best.count == limit, let last = best.last, !precedes(element, last) { continue }
            let position = best.firstIndex(where: { precedes(element, $0) }) ?? best.endIndex
            best.insert(element, at: position)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
