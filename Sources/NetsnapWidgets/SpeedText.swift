import NetsnapLanguage
import NetsnapModel

/// A measured speed of the line as people read it, shared by pages and tiles: one decimal
/// below 10 Mb/s, where a whole number would hide a DSL line's 2.5 ("2.5 Mb/s", "94 Mb/s",
/// "1.2 Gb/s"), and both directions in one short line for a tile's row.
public enum SpeedText {
    /// One direction's rate.
    public static func rate(_ megabits: Double, _ wording: Wording = .posix) -> String {
        guard megabits < 9.95 else { return LinkText.speed(Int(megabits.rounded()), wording) }
        return wording(.megabitsPerSecond, ["value": wording.trimmedDecimal(megabits)])
    }

    /// Download and upload, longest first: "↓ 94 ↑ 19 Mb/s" (the unit once where both are in
    /// Mb/s), the same without the spaces after the arrows, then the download alone; empty
    /// without either figure.
    public static func forms(_ speed: SpeedResult, _ wording: Wording = .posix) -> [String] {
        guard let download = speed.downloadMbps else { return speed.uploadMbps.map { ["↑ " + rate($0, wording)] } ?? [] }
        let downloadAlone = "↓ " + rate(download, wording)
        guard let upload = speed.uploadMbps else { return [downloadAlone] }
        let up = upArrow(wording)
        guard max(download, upload) < 999.5 else { return ["\(downloadAlone) \(up) \(rate(upload, wording))", downloadAlone] }
        let (downFigure, upFigure) = (number(download, wording), number(upload, wording))
        return [
            wording(.megabitsPerSecond, ["value": "↓ \(downFigure) \(up) \(upFigure)"]),
            wording(.megabitsPerSecond, ["value": "↓\(downFigure) \(up)\(upFigure)"]), downloadAlone,
        ]
    }

    /// The upload's arrow, after a left-to-right mark in a right-to-left language. Arabic's
    /// digits are numbers of their own kind to the bidi algorithm: between two of them the
    /// arrow and its space run right to left even inside the left-to-right figure, and the pair
    /// came out swapped ("↓١٩↑ ٩٤": the upload where the download belongs). The mark holds the order.
    private static func upArrow(_ wording: Wording) -> String { wording.isRightToLeft ? "\u{200E}↑" : "↑" }

    /// The figure of `rate` below 1,000 Mb/s, without its unit.
    private static func number(_ megabits: Double, _ wording: Wording) -> String {
        megabits < 9.95 ? wording.trimmedDecimal(megabits) : wording.integer(Int(megabits.rounded()))
    }
}
