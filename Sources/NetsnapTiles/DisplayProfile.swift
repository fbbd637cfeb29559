/// A screen that is not a phone, with its canvas and pixel format; tiles are laid out
/// afresh for it rather than scaled.
public enum DisplayProfile: Sendable, Hashable {
    /// TRMNL e-ink: 800 × 480, 1-bit black and white.
    case trmnl
    /// TRMNL in its 2-bit mode: 800 × 480, four greys.
    case trmnlGray
    /// Kindle kiosk dashboards: 600 × 800 portrait, 8-bit grey.
    case kindle
    /// A popular panel known by name (`DisplayPanel.catalogue`).
    case panel(DisplayPanel)
    /// Any canvas (16–4096 px a side) in any format.
    case custom(width: Int, height: Int, format: TileColorFormat)

    /// Every profile known by name, for help texts and docs/tiles.md.
    public static var named: [DisplayProfile] { [.trmnl, .trmnlGray, .kindle] + DisplayPanel.catalogue.map(DisplayProfile.panel) }

    /// Parses `trmnl`, `trmnl-gray`, `kindle`, a panel's name (`waveshare-7in5`), or `WxH`
    /// with an optional `:FORMAT` (e.g. `1024x600:gray4`; RGB when left out).
    public init?(name: String) {
        switch name.lowercased() {
        case "trmnl": self = .trmnl
        case "trmnl-gray", "trmnl-grey": self = .trmnlGray
        case "kindle": self = .kindle
        case let other where DisplayPanel.named(other) != nil: self = .panel(DisplayPanel.named(other)!)
        default:
            let parts = name.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
            let size = parts[0].split(separator: "x").compactMap { Int($0) }
            guard size.count == 2, size.allSatisfy({ (16...4096).contains($0) }) else { return nil }
            guard let format = parts.count == 2 ? TileColorFormat(name: parts[1]) : .rgb else { return nil }
            self = .custom(width: size[0], height: size[1], format: format)
        }
    }

    /// The name `init(name:)` reads, also used in file names.
    public var name: String {
        switch self {
        case .trmnl: "trmnl"
        case .trmnlGray: "trmnl-gray"
        case .kindle: "kindle"
        case .panel(let panel): panel.name
        case .custom(let width, let height, let format): "\(width)x\(height)-\(format.name)"
        }
    }

    /// Canvas width in pixels.
    public var width: Int {
        switch self {
        case .trmnl, .trmnlGray: 800
        case .kindle: 600
        case .panel(let panel): panel.width
        case .custom(let width, _, _): width
        }
    }

    /// Canvas height in pixels.
    public var height: Int {
        switch self {
        case .trmnl, .trmnlGray: 480
        case .kindle: 800
        case .panel(let panel): panel.height
        case .custom(_, let height, _): height
        }
    }

    /// The pixel format written.
    public var format: TileColorFormat {
        switch self {
        case .trmnl: .gray(bitDepth: 1)
        case .trmnlGray: .gray(bitDepth: 2)
        case .kindle: .gray(bitDepth: 8)
        case .panel(let panel): panel.format
        case .custom(_, _, let format): format
        }
    }

    /// What `init(name:)` accepts, for error messages.
    public static let expectedNames = "a panel name (trmnl, waveshare-7in5, kindle, led-64x32, …) or WxH[:rgb|rgba|gray1|gray2|gray4|gray8]"

    /// One line per named profile: name, size, format, layout class and what it is.
    public static var catalogueLines: [String] {
        named.map { profile in
            // Padded by hand: Foundation's `padding(toLength:)` bridges through NSString, a
            // cost every command paid at start-up, since the help text is built eagerly.
            func column(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
            return column(profile.name, 19) + column("\(profile.width)x\(profile.height)", 10) + column(profile.format.name, 7)
                + column(profile.layoutClass.rawValue, 10) + profile.summary
        }
    }

    /// The layout the canvas gets, from its size and shape.
    public var layoutClass: TileLayoutClass { TileLayoutClass(width: width, height: height) }

    /// What it is, for help texts and docs/tiles.md.
    public var summary: String {
        switch self {
        case .trmnl: "TRMNL e-ink, 1-bit"
        case .trmnlGray: "TRMNL e-ink in its 2-bit mode"
        case .kindle: "Kindle 4 and basic Kindles"
        case .panel(let panel): panel.summary
        case .custom: "a canvas of its own"
        }
    }
}
