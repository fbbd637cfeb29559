import NetsnapLanguage

/// Two sites never share a display name on the wall: where people gave the same name twice
/// (or a name equals another site's id), each of them is told apart by its id, in brackets
/// as the wall's language writes them ("Home (home-1)", "自宅（home-1）").
enum SiteNames {
    static func distinguish(_ judged: inout [SiteBoard.Judged], _ wording: Wording) {
        var counts: [String: Int] = [:]
        for site in judged { counts[site.entry.name.lowercased(), default: 0] += 1 }
        for index in judged.indices {
            let entry = judged[index].entry
            if counts[entry.name.lowercased(), default: 0] > 1, entry.name != entry.id {
                judged[index].entry.name = wording.named(entry.name, entry.id)
            }
        }
    }
}
