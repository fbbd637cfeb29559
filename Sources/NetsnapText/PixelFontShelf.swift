import Synchronization

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
        if let font = fonts.withLock({ $0[name] }) { return font }
        guard let font = try? PixelFont(path: "\(folder)/\(name).pcf.gz") else { return nil }
        fonts.withLock { $0[name] = font }
        return font
    }
}
