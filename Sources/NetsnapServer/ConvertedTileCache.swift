import NIOConcurrencyHelpers
import NetsnapTiles

/// The tiles most recently turned, inverted or re-encoded (BMP, WebP, e-paper inks), by the
/// drawn version's entity tag and what was done to it: converting costs a decode and an
/// encode (tens of milliseconds for an 800 × 480 panel), and displays poll the same picture
/// over and over. The same input always converts to the same bytes, so an entry never goes
/// stale; the oldest give way beyond `capacity`.
final class ConvertedTileCache: Sendable {
    private struct Key: Hashable {
        let source: String
        let orientation: TileOrientation
        let file: TileFileFormat
        let palette: EPaperPalette?
    }

    let capacity: Int
    private let entries = NIOLockedValueBox<[(key: Key, value: Representation)]>([])

    init(capacity: Int = 16) { self.capacity = capacity }

    /// `drawn` converted, from the cache when it was converted the same way before.
    func converted(
        _ drawn: Representation, orientation: TileOrientation, file: TileFileFormat, palette: EPaperPalette?
    ) throws -> Representation {
        if let known = kept(drawn, orientation: orientation, file: file, palette: palette) { return known }
        let key = Key(source: drawn.entityTag.value, orientation: orientation, file: file, palette: palette)
        let converted = try drawn.converted(orientation, to: file, palette: palette)
        entries.withLockedValue { entries in
            entries.removeAll { $0.key == key }
            entries.append((key, converted))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return converted
    }

    /// `drawn` converted, when it was converted the same way before; nil rather than converting.
    func kept(_ drawn: Representation, orientation: TileOrientation, file: TileFileFormat, palette: EPaperPalette?) -> Representation? {
        let key = Key(source: drawn.entityTag.value, orientation: orientation, file: file, palette: palette)
        return entries.withLockedValue { entries in entries.last { $0.key == key }?.value }
    }
}
