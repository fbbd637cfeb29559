/// The paths the display protocols use, and which request paths are theirs. TRMNL firmware
/// before 1.6.10 asks for `/api/setup/` and `/api/display/`: the same answers, the same rules.
package enum DisplayPaths {
    /// `GET /api/setup`: pairing.
    package static let setup = "/api/setup"
    /// `GET /api/display`: the picture to show and when to ask again.
    package static let display = "/api/display"
    /// `POST /api/log`: the firmware's log lines.
    package static let log = "/api/log"
    /// Where the pictures `/api/display` hands out are fetched: `/display/<name>.png` or `.bmp`.
    package static let imagePrefix = "/display/"
    /// `GET /tronbyt/<device>/next`.
    package static let tronbytPrefix = "/tronbyt/"

    /// True for the setup path with or without the trailing slash older firmware sends.
    package static func isSetup(_ path: String) -> Bool { path == setup || path == setup + "/" }

    /// True for the log path with or without a trailing slash: the two a POST may go to.
    package static func isLog(_ path: String) -> Bool { path == log || path == log + "/" }

    /// True for `/display/<32 hex digits>.png` (or `.bmp`), the only shapes of name handed out.
    package static func isImage(_ path: String) -> Bool {
        guard path.hasPrefix(imagePrefix), path.hasSuffix(".png") || path.hasSuffix(".bmp") else { return false }
        return DisplayImageName.isValid(path.dropFirst(imagePrefix.count).dropLast(4))
    }

    /// True for every path the display protocols own: the TRMNL API, its images, Tronbyt's.
    package static func isDisplayPath(_ path: String) -> Bool {
        path.hasPrefix("/api/") || path.hasPrefix(imagePrefix) || path.hasPrefix(tronbytPrefix)
    }
}
