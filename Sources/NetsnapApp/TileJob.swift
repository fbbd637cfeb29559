import NetsnapConfiguration
import NetsnapModel
import NetsnapRaster
import NetsnapRender
import NetsnapTiles

/// `netsnap tile`: one PNG tile — a widget size at a scale, or a display profile — to a file
/// or standard output.
public struct TileJob: Sendable {
    public var configuration: Configuration
    public var source: RenderJob.Source
    /// A widget size (small, medium, large); nil with `display`.
    public var size: String?
    /// A display profile (a named panel or WxH[:format]); nil with `size`.
    public var display: String?
    public var scale: Int
    /// dark, light or night; nil: dark for widgets, the configured display theme for displays.
    public var theme: String?
    /// ordered, floyd-steinberg or none; nil: the configured one.
    public var dithering: String?
    /// The file ('-' for standard output).
    public var output: String
    /// The render time (RFC 3339); nil is the clock.
    public var now: String?
    /// A display's screen (overview, targets, devices, qr); nil: the overview.
    public var screen: String?

    public init(
        configuration: Configuration, source: RenderJob.Source, size: String?, display: String?, scale: Int, theme: String?,
        dithering: String?, output: String, now: String?, screen: String? = nil
    ) {
        self.configuration = configuration
        self.source = source
        self.size = size
        self.display = display
        self.scale = scale
        self.theme = theme
        self.dithering = dithering
        self.output = output
        self.now = now
        self.screen = screen
    }

    /// The named panels, one line each (name, size, format, class), for the command's help.
    public static var catalogueLines: [String] { DisplayProfile.catalogueLines }

    /// Refuses a size, profile, scale, theme or dithering that does not exist.
    public func validate() throws(ApplicationFailure) { _ = try request() }

    nonisolated(nonsending) public func run() async throws(ApplicationFailure) {
        var configuration = configuration
        configuration.render.tiles.enabled = true
        let renderTime = try RenderTime.parse(now)
        let renderer = try RendererLoader.make(configuration, pages: false)
        let input = await source.snapshotInput(configuration: configuration) { StandardError.print($0) }
        let snapshot: Snapshot
        do {
            snapshot = try SnapshotLoader.load(input, now: renderTime)
        } catch {
            throw ApplicationFailure(.refused, error.description)
        }
        let bytes: [UInt8]
        do {
            bytes = try renderer.tiles!.png(for: renderer.widgets(for: snapshot), request: try request(), now: renderTime)
        } catch let failure as ApplicationFailure {
            throw failure
        } catch {
            throw ApplicationFailure(.renderFailed, "error: rendering failed: \(error)")
        }
        try SingleOutput.write(bytes, to: output)
    }

    /// The tile asked for, with the configuration's theme, time zone, dithering and QR code.
    private func request() throws(ApplicationFailure) -> TileRequest {
        let tiles = configuration.render.tiles
        let target: TileRequest.Target
        switch (size, display) {
        case (let size?, nil):
            guard let parsed = TileSize(rawValue: size) else { throw usage("--size: expected small, medium or large") }
            guard (1...3).contains(scale) else { throw usage("--scale: expected 1, 2 or 3") }
            target = .widget(parsed, scale: scale)
        case (nil, let display?):
            guard let profile = DisplayProfile(name: display) else { throw usage("--display: expected \(DisplayProfile.expectedNames)") }
            target = .display(profile)
        default: throw usage("give either --size or --display")
        }
        var chosenTheme: TileTheme = display == nil ? .dark : tiles.displayTheme
        if let theme {
            guard let parsed = TileTheme(rawValue: theme) else { throw usage("--theme: expected dark, light or night") }
            chosenTheme = parsed
        }
        var chosenDithering = tiles.dithering
        if let dithering {
            guard let parsed = Dithering(rawValue: dithering) else {
                throw usage("--dithering: expected \(Dithering.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(dithering)\"")
            }
            chosenDithering = parsed
        }
        var chosenScreen = TileScreen.overview
        if let screen {
            guard display != nil else { throw usage("--screen: a screen is for displays; give --display") }
            guard let parsed = TileScreen(rawValue: screen) else { throw usage("--screen: expected \(TileScreen.names)") }
            chosenScreen = parsed
        }
        return TileRequest(
            target: target, theme: chosenTheme, timeZone: tiles.timeZone, dithering: chosenDithering, qrURL: tiles.qrURL,
            screen: chosenScreen)
    }

    private func usage(_ message: String) -> ApplicationFailure { ApplicationFailure(.usage, "Error: \(message)") }
}
