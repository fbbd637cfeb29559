import Foundation
import NetsnapLanguage
import NetsnapRender
import NetsnapTiles
import NetsnapWidgets

/// The wall's tiles below `tiles/sites/`: the three phone sizes, a TRMNL and a 64 × 32 LED
/// matrix, drawn from the same entries as `sites.json`.
enum WallTiles {
    static let folder = "tiles/sites"

    /// Each file's name (without `.png`) and what it is drawn as.
    static func requests(timeZone: TimeZone, wording: Wording = .posix) -> [(name: String, request: TileRequest)] {
        var requests = TileSize.allCases.map { size in
            (size.rawValue, TileRequest(target: .widget(size, scale: 2), theme: .dark, timeZone: timeZone, wording: wording))
        }
        requests.append(("trmnl", TileRequest(target: .display(.trmnl), theme: .light, timeZone: timeZone, wording: wording)))
        if let led = DisplayProfile(name: "led-64x32") {
            requests.append(("led-64x32", TileRequest(target: .display(led), theme: .dark, timeZone: timeZone, wording: wording)))
        }
        return requests
    }

    static func files(_ wall: WallTile, renderer: TileRenderer, timeZone: TimeZone, wording: Wording) throws -> [OutputFile] {
        try requests(timeZone: timeZone, wording: wording).map { name, request in
            OutputFile(path: "\(folder)/\(name).png", bytes: try renderer.png(for: wall, request: request))
        }
    }

    /// The wall as the tiles show it: worst first, as `entries` come.
    static func tile(_ entries: [SiteEntry]) -> WallTile {
        WallTile(
            sites: entries.map { entry in
                WallTile.Site(
                    name: entry.name, state: entry.state.rawValue, tone: WallTile.Tone(state: entry.state.rawValue),
                    ageSeconds: entry.ageSeconds)
            }, healthy: entries.count { $0.state == .online })
    }
}
