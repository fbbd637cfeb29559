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

/// The library that deflates the image data.
public enum PNGDeflater: String, Sendable, Hashable, CaseIterable {
    /// zlib inside libpng: every filter and strategy.
    case zlib
    /// libdeflate over unfiltered rows: about twice zlib's speed at the same size. It has
    /// no strategies, and rows are written unfiltered, so it applies with filter `none`
    /// only; other filters go through zlib.
    case libdeflate
}

/// Filter and deflate settings for writing.
public struct PNGCompression: Sendable, Hashable {
    /// The row filter.
    public var filter: PNGFilter
    /// Deflate level: 0–9 for zlib, 0–12 for libdeflate.
    public var level: Int
    /// zlib strategy.
    public var strategy: PNGDeflateStrategy
    /// Which library deflates.
    public var deflater: PNGDeflater

    /// Creates settings.
    public init(filter: PNGFilter, level: Int, strategy: PNGDeflateStrategy, deflater: PNGDeflater = .zlib) {
        self.filter = filter
        self.level = min(max(level, 0), deflater == .libdeflate ? 12 : 9)
        self.strategy = strategy
        self.deflater = deflater
    }

    /// True when libdeflate writes the image data.
    var usesLibdeflate: Bool { deflater == .libdeflate && filter == .none }

    /// The settings tiles are written with, chosen by measurement (`netsnap-tile-bench
    /// --sweep`, medium@2x dark, release build). With zlib, no filter at level 6 encoded
    /// in 4.7 ms to 33.3 kB, 4 % above level 9's 32.0 kB (which `optipng -o2` cannot
    /// improve on) at a third of its 12.7 ms; every filter compresses these flat rows
    /// worse (sub 42.5 kB, up 40.0 kB, paeth 40.4 kB at level 6), levels 1–3 save 2 ms
    /// but grow the file by 17–21 %, and the RLE strategy is 9× larger. libdeflate at
    /// level 6 makes the same size as zlib's level 6 in about half the time; its level 5
    /// is a little faster but 5 % larger, which breaks the 1.1× `optipng` bound on some
    /// tiles.
    public static let tuned = PNGCompression(filter: .none, level: 6, strategy: .standard, deflater: .libdeflate)

    /// The settings grey tiles are written with: their packed rows are a quarter of an RGB
    /// tile's or less, and at level 6 the 2-bit `trmnl-gray` came out 13 % above
    /// `optipng -o2`; level 7 brings it within 7 % for 0.3 ms more (800×480 at 2 bits:
    /// 10.4 kB in 1.6 ms at level 6, 9.8 kB in 1.8 ms at 7, 9.3 kB in 3.0 ms at 8).
    public static let tunedGray = PNGCompression(filter: .none, level: 7, strategy: .standard, deflater: .libdeflate)

    /// libpng's own defaults, for comparison.
    public static let libpngDefault = PNGCompression(filter: .adaptive, level: 6, strategy: .filtered)
}
