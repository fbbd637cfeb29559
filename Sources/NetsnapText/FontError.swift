/// Why fonts could not be set up.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// fontconfig could not load its configuration.
    case fontconfigUnavailable
    /// FreeType could not start.
    case freetypeUnavailable
    /// Neither the configured family nor its fallback is installed.
    case familyNotFound(String)
    /// A text library (FreeType, HarfBuzz, fontconfig, FriBidi) cannot be opened.
    case libraryUnavailable(library: String, reason: String)
    /// FreeType could not open a font file.
    case unreadableFont(path: String, code: Int32)
    /// A misc-fixed bitmap font an LED-matrix tile is drawn in is not installed.
    case pixelFontMissing(path: String)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .fontconfigUnavailable: "fontconfig could not load its configuration"
        case .freetypeUnavailable: "FreeType could not be initialized"
        case .familyNotFound(let family): "font family \"\(family)\" is not installed (try: apt-get install fonts-inter fonts-dejavu-core)"
        case .libraryUnavailable(let library, let reason):
            "cannot open \(library) (apt-get install libfreetype6 libharfbuzz0b libfontconfig1 libfribidi0): \(reason)"
        case .unreadableFont(let path, let code): "FreeType cannot open \(path) (error \(code))"
        case .pixelFontMissing(let path):
            "LED-matrix tiles are drawn in the misc-fixed bitmap fonts of xfonts-base, and \(path) is missing (apt-get install xfonts-base)"
        }
    }
}
