import NetsnapTiles

/// A tile as a client asked for it: what to draw, how to turn it, what file to send.
struct TileDelivery: Sendable, Hashable {
    var request: TileRequest
    var orientation: TileOrientation = .upright
    var file: TileFileFormat = .png
    /// The inks of a colour e-paper panel, for an indexed PNG; nil: the drawn format.
    var palette: EPaperPalette?

    /// True when the drawn PNG goes out as it is.
    var isPlain: Bool { orientation.isUpright && file == .png && palette == nil }
}
