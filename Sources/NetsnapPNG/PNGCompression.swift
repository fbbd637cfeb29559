/// The PNG row filter, applied to every row.
public enum PNGFilter: String, Sendable, Hashable, CaseIterable {
    /// No filter: the fastest, and for flat synthetic images within a few percent of the best.
    case none
    /// Difference to the left neighbour.
    case sub
    /// Difference to the row above.
    case up
    /// Paeth predictor.
    case paeth
    /// libpng's adaptive choice among all filters, per row (its default, and slow).
    case adaptive
}

/// The zlib strategy used for the image data.
public enum PNGDeflateStrategy: String, Sendable, Hashable, CaseIterable {
    /// zlib's default matching.
    case standard
    /// Run-length matches only: much faster, good on images made of flat runs.
    case rle
    /// Tuned for filtered data.
    case filtered
}

/// Filter and zlib settings for writing.
public struct PNGCompression: Sendable, Hashable {
    /// The row filter.
    public var filter: PNGFilter
    /// zlib level 0–9.
    public var level: Int
    /// zlib strategy.
    public var strategy: PNGDeflateStrategy

    /// Creates settings.
    public init(filter: PNGFilter, level: Int, strategy: PNGDeflateStrategy) {
        self.filter = filter
        self.level = min(max(level, 0), 9)
        self.strategy = strategy
    }

    /// The settings tiles are written with, chosen by measurement (see `netsnap-tile-bench`):
    /// on the gradient-and-glass tiles no filter with zlib level 9 came within a few
    /// percent of `optipng -o2` while encoding several times faster than libpng's
    /// adaptive filtering at level 6.
    public static let tuned = PNGCompression(filter: .none, level: 9, strategy: .standard)

    /// libpng's own defaults, for comparison.
    public static let libpngDefault = PNGCompression(filter: .adaptive, level: 6, strategy: .filtered)
}
