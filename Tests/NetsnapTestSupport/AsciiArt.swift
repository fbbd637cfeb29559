import NetsnapRaster

/// Tiny pixmaps drawn as text so a reviewer can read the expected picture: `#` for
/// (nearly) full alpha, `+` for partial, `.` for (nearly) none.
public enum AsciiArt {
    /// One line a row: `#`, `+` or `.` by the pixel's alpha.
    public static func render(_ pixmap: Pixmap) -> String {
        (0..<pixmap.height).map { y in
            String(
                (0..<pixmap.width).map { x -> Character in
                    let alpha = pixmap.pixel(x: x, y: y).alpha
                    return alpha >= 224 ? "#" : alpha > 31 ? "+" : "."
                })
        }.joined(separator: "\n")
    }

    /// One line a row: each pixel's gray level as a digit.
    public static func render(_ image: GrayImage) -> String {
        (0..<image.height).map { y in
            String((0..<image.width).map { x in Character(String(image.level(x: x, y: y))) })
        }.joined(separator: "\n")
    }
}
