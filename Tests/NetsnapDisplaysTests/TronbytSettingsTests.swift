import Testing

@testable import NetsnapDisplays

/// `serve.tronbyt`'s defaults and device names. (The headers a Tronbyt gets: NetsnapServerTests' TronbytSettingsTests.)
@Suite struct TronbytSettingsTests {
    @Test func theDefaultsAreAsBefore() {
        let defaults = TronbytSettings().resolved(for: "any")
        #expect(defaults.brightness == 100 && defaults.nightBrightness == 10 && defaults.dwellSeconds == nil)
        #expect(TronbytSettings.isDeviceName("hall-matrix_2") && !TronbytSettings.isDeviceName("a.b"))
        #expect(!TronbytSettings.isDeviceName("") && !TronbytSettings.isDeviceName(String(repeating: "x", count: 65)))
    }
}
