import HTTPTypes
import Testing

@testable import NetsnapDisplays

/// What a TRMNL device says of itself in its headers: bad headers are ignored, hostile text
/// is defused. (That every request updates the record: NetsnapServerTests' DisplayReportTests.)
@Suite struct DisplayReportTests {
    /// `buildDisplayHeaders` as its unit test fills it in (an OG on firmware 1.8.5).
    static var displayHeaders: HTTPFields {
        [
            .init("ID")!: "AA:BB:CC:DD:EE:FF", .contentType: "application/json", .init("Update-Source")!: "scheduled",
            .init("Access-Token")!: "test-token", .init("Refresh-Rate")!: "900", .init("Battery-Voltage")!: "4.10",
            .init("FW-Version")!: "1.8.5", .init("Model")!: "og", .init("Image-Cached")!: "false", .init("Wake-Time")!: "42",
            .init("RSSI")!: "-55", .init("Temperature-Profile")!: "true", .init("Width")!: "800", .init("Height")!: "480",
        ]
    }

    @Test func theFirmwaresDisplayHeadersAreRead() {
        let report = DisplayReport(headers: Self.displayHeaders)
        #expect(
            report
                == DisplayReport(
                    batteryVolts: 4.1, rssi: -55, firmware: "1.8.5", model: "og", width: 800, height: 480, refreshSeconds: 900))
    }

    @Test(arguments: ["", " ", "nan", "inf", "-inf", "4.1V", "0x1p2", "1e1", "4,10", "11", "4.1.0", "12345678901234"])
    func aBatteryVoltageThatIsNotAPlainNumberIsIgnored(text: String) {
        #expect(DisplayReport(headers: [.init("Battery-Voltage")!: text]).batteryVolts == nil)
    }

    @Test func numbersOutOfRangeAndHostileTextAreDefused() {
        let report = DisplayReport(headers: [
            .init("RSSI")!: "55", .init("Width")!: "99999", .init("Height")!: "-480", .init("Refresh-Rate")!: "0",
            .init("FW-Version")!: "1.8.5\u{1B}[31m<script>", .init("Model")!: String(repeating: "x", count: 500),
        ])
        #expect(report.rssi == nil && report.width == nil && report.height == nil && report.refreshSeconds == nil)
        // HTTP field values cannot carry the ESC (it arrives as a space); text from elsewhere can.
        #expect(report.firmware?.contains("\u{1B}") == false)
        #expect(DisplayReport.text("1.8.5\u{1B}[31m\u{0}") == "1.8.5\u{FFFD}[31m\u{FFFD}")
        #expect(report.model?.count == DisplayReport.textLimit)
        #expect(DisplayReport(headers: [.init("Model")!: "   "]).model == nil)
    }
}
