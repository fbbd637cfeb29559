import NetsnapRaster
import NetsnapRender
import NetsnapTiles

/// The one tile `netsnap tile` draws, typed: a widget size at a scale or a display profile,
/// and what the command line chose of theme, dithering and screen (nil: the configuration's).
/// Parsed once from the flags' text; the job never sees strings.
public struct TileChoice: Sendable {
    public var target: TileRequest.Target
    /// nil: dark for widgets, the configured display theme for displays.
    public var theme: TileTheme?
    /// nil: the configured dithering.
    public var dithering: Dithering?
    public var screen: TileScreen

    /// The tile the flags ask for; a usage failure naming the flag and what it expects.
    public static func parse(
        size: String?, display: String?, scale: Int, theme: String?, dithering: String?, screen: String?
    ) throws(ApplicationFailure) -> TileChoice {
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
        var choice = TileChoice(target: target, theme: nil, dithering: nil, screen: .overview)
        if let theme {
            guard let parsed = TileTheme(rawValue: theme) else { throw usage("--theme: expected dark, light or night") }
            choice.theme = parsed
        }
        if let dithering {
            guard let parsed = Dithering(rawValue: dithering) else {
                throw usage("--dithering: expected \(Dithering.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(dithering)\"")
            }
            choice.dithering = parsed
        }
        if let screen {
            guard display != nil else { throw usage("--screen: a screen is for displays; give --display") }
            guard let parsed = TileScreen(rawValue: screen) else { throw usage("--screen: expected \(TileScreen.names)") }
            choice.screen = parsed
        }
        return choice
    }

    /// The request drawn: this choice with the configuration's theme, time zone, dithering and QR code.
    func request(_ tiles: TileSettings) -> TileRequest {
        var isDisplay = false
        if case .display = target { isDisplay = true }
        return TileRequest(
            target: target, theme: theme ?? (isDisplay ? tiles.displayTheme : .dark), timeZone: tiles.timeZone,
            dithering: dithering ?? tiles.dithering, qrURL: tiles.qrURL, screen: screen, wording: tiles.wording)
    }

    private static func usage(_ message: String) -> ApplicationFailure { ApplicationFailure(.usage, "Error: \(message)") }
}
