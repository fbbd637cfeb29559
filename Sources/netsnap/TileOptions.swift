import ArgumentParser
import NetsnapConfiguration
import NetsnapSettings

/// Flags that choose which tiles `render` writes; each sets a key of the config's `tiles:`.
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

    var overrides: [ConfigurationOverride?] {
        [
            .flag("--sizes", .tilesSizes, sizes), .flag("--scales", .tilesScales, scales), .flag("--themes", .tilesThemes, themes),
            .flag("--displays", .tilesDisplays, displays), .flag("--dithering", .tilesDithering, dithering),
            .flag("--no-tiles", .tilesEnabled, on: noTiles, value: "false"),
        ]
    }
}
