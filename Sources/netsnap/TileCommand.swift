import ArgumentParser
import NetsnapApp
import NetsnapConfiguration

/// `netsnap tile`: one PNG tile, to a file or stdout.
struct TileCommand: AsyncParsableCommand, InlineCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile",
        abstract: "Render one PNG tile: a widget size at a scale, or a display profile.",
        discussion: """
            Examples:
              netsnap tile --size medium --scale 3 --theme light -o medium.png
              netsnap tile --input snapshot.json --display trmnl -o - > trmnl.png
              netsnap tile --display 1024x600:gray4 --theme light -o panel.png
              netsnap tile --display waveshare-2in9 -o strip.png
              netsnap tile --display trmnl --screen targets -o targets.png

            Displays are laid out by class, from the canvas's size and shape: micro (LED
            matrices, in a pixel font), strip (wide short e-paper), square, landscape and
            portrait. Named profiles (name, size, format, class):
            """ + "\n" + TileJob.catalogueLines.map { "  " + $0 }.joined(separator: "\n")
    ).subcommandOfNetsnap

    @OptionGroup var source: InputOptions
    @OptionGroup var settings: ConfigOptions
    @OptionGroup(title: "Language") var language: LanguageOptions

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

    @Option(
        help: ArgumentHelp(
            "A display's screen: overview, targets, devices or qr (as serve.trmnl.screens shows them).", valueName: "screen"))
    var screen: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file ('-' for stdout).", valueName: "file"))
    var output: String

    @Flag(help: "Remove public IP, MAC addresses, device IPs and hostnames.")
    var redact = false

    @Option(help: ArgumentHelp("Render as if at this RFC 3339 time.", valueName: "date"))
    var now: String?

    func validate() throws {
        do {
            _ = try choice()
        } catch {
            throw ValidationError(error.message.replacingOccurrences(of: "Error: ", with: ""))
        }
    }

    nonisolated(nonsending) func run() async throws {
        try await job(try settings.resolve([.flag("--redact", .redact, on: redact)] + language.overrides)).run()
    }

    private func choice() throws(ApplicationFailure) -> TileChoice {
        try TileChoice.parse(size: size, display: display, scale: scale, theme: theme, dithering: dithering, screen: screen)
    }

    private func job(_ configuration: Configuration) throws(ApplicationFailure) -> TileJob {
        TileJob(
            configuration: configuration, source: source.source, tile: try choice(), output: output,
            now: try RenderTime.date(now, "--now"))
    }
}
