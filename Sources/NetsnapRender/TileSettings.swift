import Foundation
import NetsnapLanguage
import NetsnapRaster
import NetsnapText
import NetsnapTiles

/// Which PNG tiles `render` writes and how: sizes × scales × themes, display profiles, the
/// clock's time zone and the fonts.
public struct TileSettings: Sendable, Equatable {
    /// False skips tiles altogether (no fonts are loaded).
    public var enabled = true
    public var sizes: [TileSize] = TileSize.allCases
    public var scales: [Int] = [2]
    public var themes: [TileTheme] = [.dark, .light]
    /// Non-phone displays: named profiles (`trmnl`, `waveshare-7in5`, `led-64x32`, …) or `WxH[:format]`.
    public var displays: [DisplayProfile] = []
    /// The theme display profiles are drawn in (e-ink wants `light`).
    public var displayTheme: TileTheme = .light
    /// How grey displays show in-between tones: an ordered pattern keeps text solid and
    /// compresses well; Floyd–Steinberg gives finer tone where gradients matter.
    public var dithering: Dithering = .ordered
    /// Where "Updated HH:MM" is told; the host's zone unless configured.
    public var timeZone: TimeZone = .current
    /// The language of the words, numbers and times drawn.
    public var wording: Wording = .posix
    public var fonts = FontConfiguration()
    /// The address the large tile and displays show as a QR code: the configured `publicURL`.
    public var qrURL: String?

    public init() {}

    /// `request` as drawn inside the night hours: a colour tile in the night theme (written
    /// under its usual name, so a screen that fetches `medium@2x-dark.png` turns red at night);
    /// grey and 1-bit displays are paper, which lights nothing, and stay as they are.
    public static func atNight(_ request: TileRequest) -> TileRequest {
        guard request.format == .rgb || request.format == .rgba else { return request }
        var night = request
        night.theme = .night
        return night
    }

    /// Every tile to render, phone sizes first.
    public var requests: [TileRequest] {
        let widgets = themes.flatMap { theme in
            sizes.flatMap { size in
                scales.map {
                    TileRequest(target: .widget(size, scale: $0), theme: theme, timeZone: timeZone, qrURL: qrURL, wording: wording)
                }
            }
        }
        let screens = displays.map {
            TileRequest(
                target: .display($0), theme: displayTheme, timeZone: timeZone, dithering: dithering, qrURL: qrURL, wording: wording)
        }
        return widgets + screens
    }
}
