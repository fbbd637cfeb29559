import Foundation
import NetsnapLanguage
import NetsnapModel
import Testing

@testable import NetsnapWidgets

/// The line's measured speed as pages and tiles word it: a decimal only where a whole
/// number would hide it, both directions in one row with the unit once, and the locale's
/// digits and unit.
@Suite struct SpeedTextTests {
    private let measuredAt = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aRateKeepsADecimalOnlyBelowTen() {
        #expect(SpeedText.rate(2.46) == "2.5 Mb/s")
        #expect(SpeedText.rate(9.94) == "9.9 Mb/s")
        #expect(SpeedText.rate(9.96) == "10 Mb/s")
        #expect(SpeedText.rate(94.2) == "94 Mb/s")
        #expect(SpeedText.rate(1_234) == "1.2 Gb/s")
    }

    @Test func bothDirectionsShareTheUnitThenTheDownloadStandsAlone() {
        let speed = SpeedResult(measuredAt: measuredAt, downloadMbps: 94.2, uploadMbps: 18.7)
        #expect(SpeedText.forms(speed) == ["↓ 94 ↑ 19 Mb/s", "↓94 ↑19 Mb/s", "↓ 94 Mb/s"])
        let fibre = SpeedResult(measuredAt: measuredAt, downloadMbps: 1_870, uploadMbps: 480)
        #expect(SpeedText.forms(fibre) == ["↓ 1.9 Gb/s ↑ 480 Mb/s", "↓ 1.9 Gb/s"])
        let dsl = SpeedResult(measuredAt: measuredAt, downloadMbps: 7.84, uploadMbps: 0.96)
        #expect(SpeedText.forms(dsl).first == "↓ 7.8 ↑ 1 Mb/s")
    }

    @Test func aMissingDirectionIsLeftOutNotZero() {
        #expect(SpeedText.forms(SpeedResult(measuredAt: measuredAt, downloadMbps: 50)) == ["↓ 50 Mb/s"])
        #expect(SpeedText.forms(SpeedResult(measuredAt: measuredAt, uploadMbps: 12)) == ["↑ 12 Mb/s"])
        #expect(SpeedText.forms(SpeedResult(measuredAt: measuredAt, latencyMs: 9)).isEmpty)
    }

    @Test func theLocalesDigitsAndUnit() throws {
        let german = try #require(Wording(locale: "de-DE"))
        let speed = SpeedResult(measuredAt: measuredAt, downloadMbps: 7.84, uploadMbps: 1_200)
        #expect(SpeedText.rate(7.84, german) == "7,8 Mb/s")
        #expect(SpeedText.forms(speed, german).first == "↓ 7,8 Mb/s ↑ 1,2 Gb/s")
        let arabic = try #require(Wording(locale: "ar-EG"))
        #expect(SpeedText.rate(94.2, arabic).contains("٩٤"))
    }

    /// In a right-to-left language a left-to-right mark holds the upload's arrow after the
    /// download (`BidiSpeedFigureTests` lays the figure out); nowhere else.
    @Test func theUploadArrowIsHeldInPlaceRightToLeftOnly() throws {
        let speed = SpeedResult(measuredAt: measuredAt, downloadMbps: 94, uploadMbps: 19)
        let arabic = try #require(Wording(locale: "ar-EG"))
        let forms = SpeedText.forms(speed, arabic)
        #expect(forms.count == 3)
        #expect(forms[0].contains("↓ ٩٤ \u{200E}↑ ١٩"))
        #expect(forms[1].contains("↓٩٤ \u{200E}↑١٩"))
        let german = try #require(Wording(locale: "de-DE"))
        #expect(SpeedText.forms(speed, german).allSatisfy { !$0.unicodeScalars.contains("\u{200E}") })
    }
}
