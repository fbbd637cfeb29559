import Foundation
import NetsnapTiles

/// Reads `/tiles/{name}.png?scale=…&theme=…` into a tile request: the phone sizes `small`,
/// `medium`, `large` at scale 1, 2 or 3 (default 2, dark), and the display profiles
/// `trmnl`, `trmnl-gray`, `kindle` (no scale; the configured display theme by default).
struct TileQuery {
    /// Why a query was refused (answered 400).
    struct Refusal: Error, Equatable {
        let message: String
    }

    static let profiles: [String: DisplayProfile] = ["trmnl": .trmnl, "trmnl-gray": .trmnlGray, "kindle": .kindle]

    /// Where "Updated HH:MM" is told.
    let timeZone: TimeZone
    /// The theme of display profiles when the query names none (e-ink shows black on white).
    let displayTheme: TileTheme

    /// The request for `name` with the (decoded) values of its `scale` and `theme`
    /// parameters: nil when `name` is no size or profile (the path may still be a file in
    /// the output folder), a refusal when a value is bad or given twice.
    func request(name: Substring, scaleValues: [Substring], themeValues: [Substring]) throws(Refusal) -> TileRequest? {
        let size = TileSize(rawValue: String(name))
        let profile = Self.profiles[String(name)]
        guard size != nil || profile != nil else { return nil }
        guard scaleValues.count <= 1, themeValues.count <= 1 else {
            throw Refusal(message: "give scale and theme at most once each")
        }
        var theme = profile == nil ? TileTheme.dark : displayTheme
        if let value = themeValues.first {
            guard let chosen = TileTheme(rawValue: String(value)) else {
                throw Refusal(message: "theme must be one of \(TileTheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            theme = chosen
        }
        if let profile {
            guard scaleValues.isEmpty else {
                throw Refusal(message: "\(name) has a fixed canvas; scale applies to small, medium and large")
            }
            return TileRequest(target: .display(profile), theme: theme, timeZone: timeZone)
        }
        var scale = 2
        if let value = scaleValues.first {
            guard let number = Int(value), (1...3).contains(number), String(number) == value else {
                throw Refusal(message: "scale must be 1, 2 or 3")
            }
            scale = number
        }
        return size.map { TileRequest(target: .widget($0, scale: scale), theme: theme, timeZone: timeZone) }
    }
}
