import ArgumentParser
import Foundation
import NetsnapBuild
import NetsnapModel
import NetsnapRaster
import NetsnapTiles

/// `netsnap tile`: one PNG tile, to a file or stdout.
struct TileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile",
        abstract: "Render one PNG tile: a widget size at a scale, or a display profile.",
        discussion: """
            Examples:
              netsnap tile --size medium --scale 3 --theme light -o medium.png
              netsnap tile --input snapshot.json --display trmnl -o - > trmnl.png
              netsnap tile --display 1024x600:gray4 --theme light -o panel.png
              netsnap tile --display waveshare-2in9 -o strip.png

            Displays are laid out by class, from the canvas's size and shape: micro (LED
            matrices, in a pixel font), strip (wide short e-paper), square, landscape and
            portrait. Named profiles (name, size, format, class):
            """ + "\n" + DisplayProfile.catalogueLines.map { "  " + $0 }.joined(separator: "\n")
    ).subcommandOfNetsnap

    @OptionGroup var source: InputOptions
    @OptionGroup var settings: ConfigOptions

    @Option(help: ArgumentHelp("Widget size: small, medium or large.", valueName: "size"))
    var size: String?

    @Option(help: ArgumentHelp("Display profile instead of a size: a named panel (listed below) or WxH[:format].", valueName: "profile"))
    var display: String?

    @Option(help: ArgumentHelp("Scale for widget sizes: 1, 2 or 3.", valueName: "n"))
    var scale = 2

    @Option(help: ArgumentHelp("Theme: dark, light or night (default dark; light for displays).", valueName: "theme"))
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "How grey displays show in-between tones: ordered, floyd-steinberg or none (default: the config's, else ordered).",
            valueName: "method"))
    var dithering: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file ('-' for stdout).", valueName: "file"))
    var output: String

    @Flag(help: "Remove public IP, MAC addresses, device IPs and hostnames.")
    var redact = false

    @Option(help: ArgumentHelp("Render as if at this RFC 3339 time.", valueName: "date"))
    var now: String?

    func validate() throws {
        if (size == nil) == (display == nil) { throw ValidationError("give either --size or --display") }
        if let size, TileSize(rawValue: size) == nil { throw ValidationError("--size: expected small, medium or large") }
        if let display, DisplayProfile(name: display) == nil {
            throw ValidationError("--display: expected \(DisplayProfile.expectedNames)")
        }
        if !(1...3).contains(scale) { throw ValidationError("--scale: expected 1, 2 or 3") }
        if let dithering { _ = try Dithering.parse(option: dithering) }
        if let theme, TileTheme(rawValue: theme) == nil { throw ValidationError("--theme: expected dark, light or night") }
    }

    func run() async throws {
        var configuration = try settings.load()
        if redact { configuration.redact = true }
        configuration.tiles.enabled = true
        let renderTime = try RenderTime.parse(now)
        let renderer = try RendererLoader.make(configuration, pages: false)
        let snapshot: Snapshot
        do {
            snapshot = try SnapshotLoader.load(source.snapshotInput, now: renderTime)
        } catch {
            StandardError.print(error.description)
            throw ExitStatus.inputRefused
        }
        let target: TileRequest.Target
        if let display, let profile = DisplayProfile(name: display) {
            target = .display(profile)
        } else {
            target = .widget(TileSize(rawValue: size ?? "") ?? .medium, scale: scale)
        }
        let defaultTheme: TileTheme = display == nil ? .dark : configuration.tiles.displayTheme
        let request = TileRequest(
            target: target, theme: theme.flatMap(TileTheme.init(rawValue:)) ?? defaultTheme,
            timeZone: configuration.tiles.timeZone,
            dithering: try dithering.map(Dithering.parse(option:)) ?? configuration.tiles.dithering,
            qrURL: configuration.tiles.qrURL)
        let bytes: [UInt8]
        do {
            bytes = try renderer.tiles!.png(for: renderer.widgets(for: snapshot), request: request, now: renderTime)
        } catch {
            StandardError.print("error: rendering failed: \(error)")
            throw ExitStatus.renderFailed
        }
        try SingleOutput.write(bytes, to: output)
    }
}
