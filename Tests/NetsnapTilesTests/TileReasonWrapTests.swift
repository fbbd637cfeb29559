import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRaster
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// The targets screen says why a target is down in any language: in the row where that fits,
/// else "Down" in the row and the reason in full under it, on up to two lines broken where
/// the language allows, ended with "…" only when even two lines cannot hold it.
@Suite struct TileReasonWrapTests {
    /// A private certification authority's name, long in Japanese: the translated reason
    /// ("証明書が信頼されていません：発行元 … は不明なルート") needs two lines on a TRMNL.
    static let japaneseIssuer = "家庭内ネットワーク用のプライベート認証局（二階の書斎にある古いサーバー、管理者は山田さん）"

    static func untrusted(issuer: String) -> String {
        "certificate not trusted: issued by \(issuer), an unknown root"
    }

    static func draw(
        reasons: [Int: String], _ profile: DisplayProfile, locale: String, targetNames: [String]? = nil
    ) throws -> TileCanvas {
        let (widgets, request) = try scene(reasons: reasons, profile, locale: locale, targetNames: targetNames)
        return TileFixtures.renderer.draw(widgets, request: request, now: TileFixtures.freshNow)
    }

    /// The fixtures' network with the targets at `reasons`' indices down for those reasons,
    /// and a request for `profile`'s targets screen in `locale`.
    static func scene(
        reasons: [Int: String], _ profile: DisplayProfile, locale: String, targetNames: [String]? = nil
    ) throws -> (WidgetSet, TileRequest) {
        var snapshot = TileFixtures.snapshot(targetNames: targetNames)
        for (index, reason) in reasons {
            snapshot.targets[index].isOnline = false
            snapshot.targets[index].lastError = reason
            snapshot.targets[index].lastErrorAt = TileFixtures.snapshotAt
        }
        var request = TileRequest(target: .display(profile), theme: .light, timeZone: TileFixtures.utc, screen: .targets)
        request.wording = try #require(Wording(locale: locale))
        return (TileFixtures.widgets(snapshot), request)
    }

    /// Japanese, German and Arabic reasons on a 1-bit TRMNL: one that fits its row, one
    /// wrapped under its row, one cut after two lines.
    @Test(arguments: ["ja-JP", "de-DE", "ar-EG"])
    func matchesGolden(locale: String) throws {
        let reasons = [
            0: "connection refused",
            1: Self.untrusted(issuer: locale == "ja-JP" ? Self.japaneseIssuer : "Example Home Network Certification Authority (NAS)"),
            3: "cannot resolve backup.home.example: host not found",
            4: Self.untrusted(issuer: String(repeating: "Example Internal Certification Authority ", count: 4)),
        ]
        let (widgets, request) = try Self.scene(reasons: reasons, .trmnl, locale: locale)
        let png = try TileFixtures.renderer.png(for: widgets, request: request, now: TileFixtures.freshNow)
        try GoldenImage.check(png, named: "targets-reasons-trmnl-\(locale)")
    }

    /// Lines of the reason drawn under the first listed (down) target.
    static func reasonLines(_ canvas: TileCanvas) -> Int? {
        canvas.landmarks["targetReason0"].map { Int(($0.height / (TileFont.caption.lineHeight * canvas.scale)).rounded()) }
    }

    @Test func aLongJapaneseReasonWrapsIntoTwoLinesOnATRMNLWithNothingCut() throws {
        let canvas = try Self.draw(reasons: [1: Self.untrusted(issuer: Self.japaneseIssuer)], .trmnl, locale: "ja-JP")
        #expect(Self.reasonLines(canvas) == 2)
        #expect(canvas.truncatedTexts.isEmpty && canvas.omittedNodes == 0 && canvas.overflowingRows == 0)
    }

    @Test func aReasonTooLongForTwoLinesEndsInAnEllipsis() throws {
        let issuer = String(repeating: Self.japaneseIssuer, count: 3)
        let canvas = try Self.draw(reasons: [1: Self.untrusted(issuer: issuer)], .trmnl, locale: "ja-JP")
        #expect(Self.reasonLines(canvas) == 2)
        #expect(canvas.truncatedTexts.count == 1 && canvas.truncatedTexts[0].hasSuffix("は不明なルート"))
    }

    /// Fails when the targets screen goes back to "Down" alone for a reason too long for its row.
    @Test(arguments: [("de-DE", DisplayProfile.kindle), ("ja-JP", .trmnl), ("ar-EG", .trmnl), ("en", .trmnl)])
    func aReasonTooLongForItsRowIsReadUnderIt(locale: String, profile: DisplayProfile) throws {
        let reason = Self.untrusted(issuer: "Example Internal Certification Authority")
        let canvas = try Self.draw(reasons: [1: reason], profile, locale: locale)
        let lines = try #require(canvas.landmarks["targetReason0"])
        let ink = try #require(Self.inkColumns(canvas.pixmap, in: lines))
        let dot = try #require(canvas.landmarks["targetDot0"])
        // Under the name, past the dot, from the side rows start at: the right in Arabic.
        if locale == "ar-EG" {
            #expect(lines.maxX < dot.x && lines.maxX - ink.upperBound < 4)
        } else {
            #expect(lines.x > dot.maxX && ink.lowerBound - lines.x < 4)
        }
        #expect(canvas.truncatedTexts.isEmpty && canvas.omittedNodes == 0)
    }

    @Test func aReasonThatFitsInItsRowHasNoLinesUnderIt() throws {
        #expect(try Self.draw(reasons: [1: "connection refused"], .trmnl, locale: "de-DE").landmarks["targetReason0"] == nil)
    }

    /// A strip's few rows are spent on targets: "Down" alone, as before.
    @Test func aSmallPanelKeepsDownAlone() throws {
        let strip = try #require(DisplayPanel.named("waveshare-2in9"))
        let canvas = try Self.draw(reasons: [1: Self.untrusted(issuer: Self.japaneseIssuer)], .panel(strip), locale: "ja-JP")
        #expect(canvas.landmarks["targetReason0"] == nil && canvas.omittedNodes == 0)
    }

    /// Rows with lines under them are taller: the list still ends with "+ N more" in its
    /// room, never cut off at the card's edge.
    @Test(arguments: [DisplayProfile.trmnl, .kindle, .custom(width: 300, height: 400, format: .gray(bitDepth: 1))])
    func tallerRowsStillFitTheirColumns(profile: DisplayProfile) throws {
        let names = (1...40).map { "Target \($0)" }
        let down = Dictionary(
            uniqueKeysWithValues: stride(from: 0, to: 40, by: 4).map { ($0, "cannot resolve backup\($0).home.example: host not found") })
        let canvas = try Self.draw(reasons: down, profile, locale: "de-DE", targetNames: names)
        let dots = (0..<40).compactMap { canvas.landmarks["targetDot\($0)"] }
        let reasons = (0..<40).compactMap { canvas.landmarks["targetReason\($0)"] }
        #expect(canvas.omittedNodes == 0 && canvas.truncatedTexts.isEmpty, "\(canvas.truncatedTexts)")
        #expect(dots.count < 40 && reasons.count == min(dots.count, down.count), "every down target listed says why")
        let card = try #require(canvas.landmarks["targetsCard"])
        #expect((dots + reasons).allSatisfy { $0.maxY <= card.maxY })
    }

    /// The leftmost and rightmost columns with dark pixels in `rect` (the screens are light).
    static func inkColumns(_ pixmap: Pixmap, in rect: Rect) -> ClosedRange<Double>? {
        var columns: [Int] = []
        for y in Int(rect.y)..<Int(rect.maxY) {
            for x in Int(rect.x)..<Int(rect.maxX) where pixmap.bytes[(y * pixmap.width + x) * 4] < 128 { columns.append(x) }
        }
        guard let first = columns.min(), let last = columns.max() else { return nil }
        return Double(first)...Double(last + 1)
    }
}
