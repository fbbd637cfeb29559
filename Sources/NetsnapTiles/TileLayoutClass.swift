/// The arrangements a display canvas gets, chosen from its size and shape, each designed for
/// how far away it is read: the status word and network name large, then the numbers that
/// matter, then lists as space allows.
public enum TileLayoutClass: String, Sendable, Hashable, CaseIterable {
    /// LED matrices up to about 160 × 80: a bitmap pixel font, the status as colour and a
    /// word, and the one number that matters.
    case micro
    /// Wide, short e-paper (296 × 128, 250 × 122, 212 × 104, anything under 160 px tall and
    /// wider than it is tall by half): status and name beside the numbers.
    case strip
    /// Near-square panels (200 × 200) and narrow tall ones (under 300 px wide): status,
    /// name, numbers, then targets as they fit, in one column without cards.
    case square
    /// Landscape screens (400 × 300 up to 1872 × 1404): a status column with large numbers
    /// beside the targets and devices lists, and the QR code.
    case landscape
    /// Portrait screens (600 × 800, 1072 × 1448): the same, stacked.
    case portrait

    /// The class of a `width` × `height` pixel canvas.
    public init(width: Int, height: Int) {
        let aspect = Double(width) / Double(max(height, 1))
        if width <= 160 && height <= 80 || height <= 48 {
            self = .micro
        } else if aspect >= 1.75 && height < 240 || aspect >= 1.4 && height < 160 {
            self = .strip
        } else if aspect < 0.8 {
            // Too narrow for cards side by side in a row: the one-column square layout.
            self = width < 300 ? .square : .portrait
        } else if aspect < 1.25 && max(width, height) < 480 {
            self = .square
        } else {
            self = aspect < 1 ? .portrait : .landscape
        }
    }

    /// Points to pixels: each class is designed on a point canvas of about this size, so
    /// larger panels of a class get larger type rather than more of it. Never below 1: a
    /// small panel keeps readable type and shows less.
    func scale(width: Int, height: Int) -> Double {
        let width = Double(width)
        let height = Double(height)
        let design: (width: Double, height: Double) =
            switch self {
            case .micro, .strip, .square: (width, height)
            case .landscape: (500, 300)
            case .portrait: (360, 480)
            }
        return max(1, min(width / design.width, height / design.height))
    }
}
