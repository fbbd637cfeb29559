import NetsnapRaster

/// A drawn tile before encoding: colour pixels, or grey levels for e-ink formats.
public enum RenderedTile: Sendable, Hashable {
    /// RGB(A) pixels; written as RGB when opaque.
    case color(Pixmap)
    /// Grey levels at the profile's bit depth.
    case gray(GrayImage)

    /// Width in pixels.
    public var width: Int {
        switch self {
        case .color(let pixmap): pixmap.width
        case .gray(let image): image.width
        }
    }

    /// Height in pixels.
    public var height: Int {
        switch self {
        case .color(let pixmap): pixmap.height
        case .gray(let image): image.height
        }
    }
}
