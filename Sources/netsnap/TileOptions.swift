import ArgumentParser
import Foundation
import NetsnapBuild
import NetsnapRaster
import NetsnapTiles

/// Flags that choose which tiles `render` writes; each overrides the config's `tiles:` key.
struct TileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Tile sizes, comma-separated: small,medium,large.", valueName: "list"))
    var sizes: String?

    @Option(help: ArgumentHelp("Scales, comma-separated: 1,2,3.", valueName: "list"))
    var scales: String?

    @Option(help: ArgumentHelp("Themes, comma-separated: dark,light,night.", valueName: "list"))
    var themes: String?

    @Option(
        help: ArgumentHelp(
            "Display profiles, comma-separated: named panels (see `netsnap tile --help`) or WxH[:format].", valueName: "list"))
    var displays: String?

    @Option(help: ArgumentHelp("How grey displays show in-between tones: ordered, floyd-steinberg or none.", valueName: "method"))
    var dithering: String?

    @Flag(help: "Write no tiles.")
    var noTiles = false

    func validate() throws {
        _ = try parsed()
    }

    func apply(to settings: inout TileSettings) {
        guard let parsed = try? parsed() else { return }
        if noTiles { settings.enabled = false }
        if let sizes = parsed.sizes { settings.sizes = sizes }
        if let scales = parsed.scales { settings.scales = scales }
        if let themes = parsed.themes { settings.themes = themes }
        if let displays = parsed.displays { settings.displays = displays }
        if let dithering = parsed.dithering { settings.dithering = dithering }
    }

    private func parsed() throws -> (
        sizes: [TileSize]?, scales: [Int]?, themes: [TileTheme]?, displays: [DisplayProfile]?, dithering: Dithering?
    ) {
        (
            try list(sizes, "--sizes", TileSize.init(rawValue:)),
            try list(scales, "--scales") { Int($0).flatMap { (1...3).contains($0) ? $0 : nil } },
            try list(themes, "--themes", TileTheme.init(rawValue:)),
            try list(displays, "--displays", DisplayProfile.init(name:)),
            try dithering.map(Dithering.parse(option:))
        )
    }

    private func list<T>(_ text: String?, _ flag: String, _ parse: (String) -> T?) throws -> [T]? {
        guard let text else { return nil }
        return try text.split(separator: ",").map { item in
            let name = item.trimmingCharacters(in: .whitespaces)
            guard let value = parse(name) else { throw ValidationError("\(flag): \"\(name)\" is not a valid value") }
            return value
        }
    }
}
