import Foundation
import NetsnapLanguage
import NetsnapRaster

/// What to render: a widget size at a scale, or a display profile; a theme; the time
/// zone for clock times; and how grey output is dithered.
public struct TileRequest: Sendable, Hashable {
    /// The canvas.
    public enum Target: Sendable, Hashable {
        /// A phone widget size at scale 1, 2 or 3.
        case widget(TileSize, scale: Int)
        /// A non-phone display.
        case display(DisplayProfile)
    }

    /// The canvas.
    public var target: Target
    /// The colour scheme.
    public var theme: TileTheme
    /// Where "Updated HH:MM" is told; the host's zone by the caller's choice.
    public var timeZone: TimeZone
    /// How in-between tones become grey levels; only grey formats use it.
    public var dithering: Dithering
    /// The address the large tile and the displays show as a QR code (the configured
    /// `publicURL`); nil shows none. It rides on the request, beside the theme and time zone,
    /// because it is how a picture is drawn, not what the snapshot says: the widget models
    /// (and the state file the server redraws from) stay the data alone.
    public var qrURL: String?
    /// Which screen a display shows; widgets and LED matrices draw the overview whatever it says.
    public var screen: TileScreen
    /// The language of the words, numbers and times; right-to-left languages mirror the layout.
    public var wording: Wording

    /// Creates a request.
    public init(
        target: Target, theme: TileTheme = .dark, timeZone: TimeZone, dithering: Dithering = .ordered, qrURL: String? = nil,
        screen: TileScreen = .overview, wording: Wording = .posix
    ) {
        self.wording = wording
        self.target = target
        self.theme = theme
        self.timeZone = timeZone
        self.dithering = dithering
        self.qrURL = qrURL
        self.screen = screen
    }

    /// The path under the output folder, e.g. `tiles/medium@2x-dark.png` or `tiles/trmnl-light.png`.
    public var fileName: String {
        switch target {
        case .widget(let size, let scale): "tiles/\(size.rawValue)@\(scale)x-\(theme.rawValue).png"
        case .display(let profile) where screen == .overview: "tiles/\(profile.name)-\(theme.rawValue).png"
        case .display(let profile): "tiles/\(profile.name)-\(screen.rawValue)-\(theme.rawValue).png"
        }
    }

    /// What `render` writes by default: every size at @2x in the dark and light themes.
    public static func defaults(timeZone: TimeZone) -> [TileRequest] {
        [TileTheme.dark, .light].flatMap { theme in
            TileSize.allCases.map { TileRequest(target: .widget($0, scale: 2), theme: theme, timeZone: timeZone) }
        }
    }

    /// Canvas width in pixels.
    public var pixelWidth: Int {
        switch target {
        case .widget(let size, let scale): Int(size.width) * scale
        case .display(let profile): profile.width
        }
    }

    /// Canvas height in pixels.
    public var pixelHeight: Int {
        switch target {
        case .widget(let size, let scale): Int(size.height) * scale
        case .display(let profile): profile.height
        }
    }

    /// The pixel format written: RGB for phone widgets, the profile's for displays.
    public var format: TileColorFormat {
        switch target {
        case .widget: .rgb
        case .display(let profile): profile.format
        }
    }
}
