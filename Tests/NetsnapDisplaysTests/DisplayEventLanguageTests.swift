import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapDisplays

/// A wall display's events speak the server's configured language, with the catalogue's
/// words and the language's numbers; their data stays as machines read it.
@Suite struct DisplayEventLanguageTests {
    @Test func aLowBatteryIsToldInGerman() throws {
        let german = try #require(Wording(locale: "de-DE"))
        let record = try DisplaysFeedTests.record(volts: 3.2)
        let change = DisplayChange(kind: .batteryLow, record: record, at: DisplaysFeedTests.start)
        let low = change.event(timeZone: TimeZone(identifier: "UTC")!, wording: german)
        let name = try ShippedTranslation.text(EventPhrase.display, in: "de", ["id": record.friendlyID])
        #expect(low.wording.title == (try ShippedTranslation.text(EventPhrase.displayBatteryLow, in: "de", ["name": name])))
        let text = try ShippedTranslation.text(EventPhrase.displayCharge, in: "de", ["name": name, "volts": "3,20 V", "percent": "17"])
        #expect(low.wording.text == text)
        let english = change.event(timeZone: TimeZone(identifier: "UTC")!)
        #expect(low.wording.data == english.wording.data && low.id == english.id)
        #expect(english.wording.data["name"] == "Display \(record.friendlyID)")
    }
}
