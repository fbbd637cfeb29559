/// How a picture is turned and inverted for the panel it goes to: a panel mounted in
/// portrait gets a layout drawn for its portrait canvas, then turned a quarter clockwise so
/// that the panel's native rows receive it (`rotate=90`); `invert=1` swaps black and white
/// (and every grey for its opposite) for panels wired the other way round.
public struct TileOrientation: Sendable, Hashable {
    /// Clockwise quarter turns, 0 to 3.
    public var quarterTurns: Int
    public var inverted: Bool

    public init(quarterTurns: Int = 0, inverted: Bool = false) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.inverted = inverted
    }

    /// Upright and as drawn: nothing to do.
    public static let upright = TileOrientation()

    /// From `rotate` in degrees (0, 90, 180 or 270); nil for any other angle.
    public init?(degrees: Int, inverted: Bool = false) {
        guard [0, 90, 180, 270].contains(degrees) else { return nil }
        self.init(quarterTurns: degrees / 90, inverted: inverted)
    }

    public var isUpright: Bool { quarterTurns == 0 && !inverted }

    /// True when the layout is drawn on a canvas with width and height swapped.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }
}
