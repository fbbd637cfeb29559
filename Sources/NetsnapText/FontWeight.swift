/// The weights the tiles use.
public enum FontWeight: Int, Sendable, Hashable, CaseIterable {
    /// 400.
    case regular = 400
    /// 500.
    case medium = 500
    /// 600.
    case semibold = 600
    /// 700.
    case bold = 700

    /// fontconfig's own weight scale (FC_WEIGHT_REGULAR = 80 … FC_WEIGHT_BOLD = 200).
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: 80
        case .medium: 100
        case .semibold: 180
        case .bold: 200
        }
    }

    /// One step heavier, bold staying bold; thin strokes at 1× need it.
    public var heavier: FontWeight {
        switch self {
        case .regular: .medium
        case .medium: .semibold
        case .semibold, .bold: .bold
        }
    }
}
