import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapRender
import NetsnapTiles
import NetsnapWatch

/// Reads `/tiles/{name}.png?scale=…&theme=…&format=…` into a tile request: the phone sizes
/// `small`, `medium`, `large` at scale 1, 2 or 3 (default 2, dark); the named display
/// profiles (`trmnl`, `waveshare-7in5`, `led-64x32`, … — `DisplayProfile.named`); and any
/// `WxH` canvas (16–4096 px a side) in the `format` asked for (default `rgb`), laid out by
/// its class. Displays take no scale and default to the configured display theme.
struct TileQuery {
    /// Why a query was refused (answered 400).
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// The values of a tile path's query parameters, decoded.
    struct Parameters {
        var scale: [Substring] = []
        var theme: [Substring] = []
        var format: [Substring] = []
        var rotate: [Substring] = []
        var invert: [Substring] = []
        /// A display's screen (`TileScreen`): what `/api/display` shows on one of its wakes.
        var screen: [Substring] = []
    }

    /// Every query parameter a tile takes, read by `values(name)`: the router and the tile
    /// shortcut (`KeptTiles`) both read a query so, and so ignore any other name alike
    /// (displays add cache-busters such as `?t=…`).
    static func parameters(_ values: (Substring) -> [Substring]) -> Parameters {
        Parameters(
            scale: values("scale"), theme: values("theme"), format: values("format"), rotate: values("rotate"),
            invert: values("invert"), screen: values("screen"))
    }

    static let profiles: [String: DisplayProfile] = Dictionary(
        uniqueKeysWithValues: DisplayProfile.named.map { ($0.name, $0) })

    /// Where "Updated HH:MM" is told.
    let timeZone: TimeZone
    /// The theme of display profiles when the query names none (e-ink shows black on white).
    let displayTheme: TileTheme
    /// How grey displays show in-between tones.
    let dithering: Dithering
    /// The address shown as a QR code where a tile has room; nil: none.
    var qrURL: String? = nil
    /// Hours when a tile asked for without a theme is drawn at night, told in `nightTimeZone`.
    var night: ClockWindow? = nil
    var nightTimeZone = TimeZone(identifier: "UTC")!
    /// The language tiles are drawn in.
    var wording = Wording.posix

    /// The request for `name` with its query `parameters`: nil when `name` is no size,
    /// profile or canvas (the path may still be a file in the output folder), a refusal
    /// when a value is bad or given twice.
    func request(name: Substring, parameters: Parameters, at now: Date? = nil) throws(Refusal) -> TileRequest? {
        guard let request = try explicitRequest(name: name, parameters: parameters) else { return nil }
        // Inside the night hours, a tile whose theme nobody chose is drawn as `render` draws it then.
        if parameters.theme.isEmpty, let now, let night, night.contains(now, timeZone: nightTimeZone) {
            return TileSettings.atNight(request)
        }
        return request
    }

    private func explicitRequest(name: Substring, parameters: Parameters) throws(Refusal) -> TileRequest? {
        let size = TileSize(rawValue: String(name))
        let profile = Self.profiles[String(name)]
        guard size != nil || profile != nil || Self.isCanvasName(name) else { return nil }
        guard parameters.scale.count <= 1, parameters.theme.count <= 1, parameters.format.count <= 1, parameters.screen.count <= 1
        else {
            throw Refusal(message: "give scale, theme, format and screen at most once each")
        }
        var screen = TileScreen.overview
        if let value = parameters.screen.first {
            guard let chosen = TileScreen(rawValue: String(value)) else {
                throw Refusal(message: "screen must be one of \(TileScreen.names)")
            }
            screen = chosen
        }
        var theme = size != nil ? TileTheme.dark : displayTheme
        if let value = parameters.theme.first {
            guard let chosen = TileTheme(rawValue: String(value)) else {
                throw Refusal(message: "theme must be one of \(TileTheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            theme = chosen
        }
        if let size {
            guard parameters.format.isEmpty, parameters.screen.isEmpty else {
                throw Refusal(message: "\(name) is an RGBA widget; format and screen apply to displays")
            }
            return TileRequest(
                target: .widget(size, scale: try scale(parameters.scale.first)), theme: theme, timeZone: timeZone, qrURL: qrURL,
                wording: wording)
        }
        guard parameters.scale.isEmpty else {
            throw Refusal(message: "\(name) has a fixed canvas; scale applies to small, medium and large")
        }
        let display: DisplayProfile
        if let profile {
            guard parameters.format.isEmpty else { throw Refusal(message: "\(name) has a fixed format; format applies to WxH canvases") }
            display = profile
        } else {
            let format = parameters.format.first ?? "rgb"
            guard TileColorFormat(name: String(format)) != nil else {
                throw Refusal(message: "format must be one of \(TileColorFormat.names.joined(separator: ", "))")
            }
            guard let custom = DisplayProfile(name: "\(name):\(format)") else {
                throw Refusal(message: "a canvas is 16 to 4096 pixels a side")
            }
            display = custom
        }
        return TileRequest(
            target: .display(display), theme: theme, timeZone: timeZone, dithering: dithering, qrURL: qrURL, screen: screen,
            wording: wording)
    }

    private func scale(_ value: Substring?) throws(Refusal) -> Int {
        guard let value else { return 2 }
        guard let number = Int(value), (1...3).contains(number), String(number) == value else {
            throw Refusal(message: "scale must be 1, 2 or 3")
        }
        return number
    }

    /// True for `/tiles/{name}.png` (or `.webp`) where `name` is a size, a profile or a
    /// canvas: a tile query, not a file.
    static func isTilePath(_ path: String) -> Bool {
        let prefix = "/tiles/"
        let suffix = path.hasSuffix(".webp") ? ".webp" : ".png"
        guard path.hasPrefix(prefix), path.hasSuffix(suffix) else { return false }
        let utf8 = path.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: prefix.utf8.count)
        let end = utf8.index(utf8.endIndex, offsetBy: -suffix.utf8.count)
        guard start <= end else { return false }
        let name = path[start..<end]
        return TileSize.allCases.contains { $0.rawValue == name } || profiles.keys.contains { $0 == name } || isCanvasName(name)
    }

    /// `WxH` in plain decimal digits of up to five each, without leading zeros, such as
    /// `1024x600`; the range is checked later. Read as bytes: this runs for every tile file.
    private static func isCanvasName(_ name: Substring) -> Bool {
        var sides = 1
        var digits = 0
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "x"):
                guard sides == 1, digits > 0 else { return false }
                sides = 2
                digits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits > 0 || byte != UInt8(ascii: "0"), digits < 5 else { return false }
                digits += 1
            default:
                return false
            }
        }
        return sides == 2 && digits > 0
    }
}
