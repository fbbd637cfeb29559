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

/// How the image data is filtered and deflated. Each library takes only the settings it has,
/// so no combination is silently ignored.
public enum PNGCompression: Sendable, Hashable {
    /// zlib inside libpng: every filter and strategy, levels 0–9.
    case zlib(filter: PNGFilter, level: Int, strategy: PNGDeflateStrategy)
    /// libdeflate, levels 0–12, over unfiltered rows: about twice zlib's speed at the same
    /// size. It has no strategies, and the flat rows of tiles compress best unfiltered.
    case libdeflate(level: Int)

    /// The settings tiles are written with, chosen by measurement (`netsnap-tile-bench
    /// --sweep`, medium@2x dark, release build). With zlib, no filter at level 6 encoded
    /// in 4.7 ms to 33.3 kB, 4 % above level 9's 32.0 kB (which `optipng -o2` cannot
    /// improve on) at a third of its 12.7 ms; every filter compresses these flat rows
    /// worse (sub 42.5 kB, up 40.0 kB, paeth 40.4 kB at level 6), levels 1–3 save 2 ms
    /// but grow the file by 17–21 %, and the RLE strategy is 9× larger. libdeflate at
    /// level 6 makes the same size as zlib's level 6 in about half the time; its level 5
    /// is a little faster but 5 % larger, which breaks the 1.1× `optipng` bound on some
    /// tiles.
    public static let tuned = PNGCompression.libdeflate(level: 6)

    /// The settings grey tiles are written with: their packed rows are a quarter of an RGB
    /// tile's or less, and at level 6 the 2-bit `trmnl-gray` came out 13 % above
    /// `optipng -o2`; level 7 brings it within 7 % for 0.3 ms more (800×480 at 2 bits:
    /// 10.4 kB in 1.6 ms at level 6, 9.8 kB in 1.8 ms at 7, 9.3 kB in 3.0 ms at 8).
    public static let tunedGray = PNGCompression.libdeflate(level: 7)

    /// libpng's own defaults, for comparison.
    public static let libpngDefault = PNGCompression.zlib(filter: .adaptive, level: 6, strategy: .filtered)
}
