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

    /// The settings tiles are written with, chosen by measurement (`netsnap-tile-bench
    /// --sweep`, medium@2x dark, release build): no filter at zlib level 6 encodes in
    /// 4.7 ms to 33.3 kB, 4 % above level 9's 32.0 kB (which `optipng -o2` cannot
    /// improve on) at a third of its 12.7 ms. Every filter compresses these flat rows
    /// worse (sub 42.5 kB, up 40.0 kB, paeth 40.4 kB at level 6), levels 1–3 save
    /// 2 ms but grow the file by 17–21 %, and the RLE strategy is 9× larger.
    public static let tuned = PNGCompression(filter: .none, level: 6, strategy: .standard)

    /// libpng's own defaults, for comparison.
    public static let libpngDefault = PNGCompression(filter: .adaptive, level: 6, strategy: .filtered)
}
