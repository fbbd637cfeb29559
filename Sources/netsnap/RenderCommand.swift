import ArgumentParser
import NetsnapApp

/// `netsnap render`: snapshot in, every output written atomically into the output folder.
struct RenderCommand: AsyncParsableCommand, InlineCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render every output (JSON feeds, HTML pages, PNG tiles) into the output folder.",
        discussion: """
            Examples:
              netsnap render                              # the embedded sample → Output/
              netsnap render --input snapshot.json --output /var/www/netsnap
              curl -s http://mac.lan/snapshot | netsnap render --input - --redact
              netsnap render --messages stream.jsonl --config netsnap.yml
              netsnap render --gather --config netsnap.yml  # this host's network, probes as configured
              netsnap render --templates my-templates     # my-templates/index.html replaces the bundled one
              netsnap render --at 2026-11-20T03:00:00Z    # every output as it was then (the archive)

            A refused input leaves every earlier output untouched (exit 1).
            """
    ).subcommandOfNetsnap

    @OptionGroup var source: InputOptions
    @OptionGroup var settings: ConfigOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output folder (default: Output, or the config's `output`).", valueName: "dir"))
    var output: String?

    @Flag(help: "Remove public IP, MAC addresses, device IPs and hostnames from every output.")
    var redact = false

    @Option(
        help: ArgumentHelp(
            "A folder of page templates, each replacing the bundled one of its name (or the config's `pages.templates`).", valueName: "dir")
    )
    var templates: String?

    @OptionGroup(title: "Tiles") var tileOptions: TileOptions
    @OptionGroup(title: "Language") var language: LanguageOptions

    @Option(help: ArgumentHelp("Render as if at this RFC 3339 time (reproducible output).", valueName: "date"))
    var now: String?

    @Option(
        help: ArgumentHelp(
            "Render every output as it was at this RFC 3339 time, from the snapshot archive (the nearest snapshot before it, never re-dated).",
            valueName: "date"))
    var at: String?

    @Option(help: ArgumentHelp("With --at: the state folder holding the history.", valueName: "dir"))
    var state: String?

    func validate() throws {
        if at != nil && (source.input != nil || source.messages != nil || source.gather || now != nil) {
            throw ValidationError("--at reads the archive: it goes without --input, --messages, --gather and --now")
        }
        if state != nil && at == nil { throw ValidationError("--state goes with --at") }
    }

    nonisolated(nonsending) func run() async throws {
        let configuration = try settings.resolve(
            [
                .flag("--output", .output, output), .flag("--redact", .redact, on: redact),
                .flag("--templates", .pagesTemplates, templates), .flag("--state", .state, state),
            ]
                + tileOptions.overrides + language.overrides)
        try await RenderJob(configuration: configuration, source: at.map { .archive(at: $0) } ?? source.source, now: now).run()
    }
}
