import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The pixel fonts a renderer uses, each read on first use and kept: a renderer made for
/// phone tiles never touches them, one drawing an LED matrix reads a few small files once.
public final class PixelFontShelf: Sendable {
    private let folder: String
    private let fonts = Mutex<[String: PixelFont]>([:])

    /// A shelf over the misc-fixed fonts in `folder`.
    public init(folder: String = PixelFont.miscFolder) {
        self.folder = folder
    }

    /// The font `name` (e.g. `6x10`), or nil when it is not installed (xfonts-base missing).
    public func font(_ name: String) -> PixelFont? {
        try? requiredFont(name)
    }

    /// The font `name`; throws `pixelFontMissing`, which names xfonts-base, when its file is
    /// not there, and FreeType's complaint when it cannot be read.
    public func requiredFont(_ name: String) throws(FontError) -> PixelFont {
        if let font = fonts.withLock({ $0[name] }) { return font }
        let path = "\(folder)/\(name).pcf.gz"
        let font: PixelFont
        do {
            font = try PixelFont(path: path)
        } catch {
            if access(path, F_OK) != 0 { throw .pixelFontMissing(path: path) }
            throw error
        }
        fonts.withLock { $0[name] = font }
        return font
    }
}
