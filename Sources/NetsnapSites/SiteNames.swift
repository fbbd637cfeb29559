/// Two sites never share a display name on the wall: where people gave the same name twice
/// (or a name equals another site's id), each of them is told apart by its id.
enum SiteNames {
    static func distinguish(_ judged: inout [SiteBoard.Judged]) {
        var counts: [String: Int] = [:]
        for site in judged { counts[site.entry.name.lowercased(), default: 0] += 1 }
        for index in judged.indices {
            let entry = judged[index].entry
            if counts[entry.name.lowercased(), default: 0] > 1, entry.name != entry.id {
                judged[index].entry.name = "\(entry.name) (\(entry.id))"
            }
        }
    }
}
