import Foundation
import NetsnapTiles
import Testing

@testable import NetsnapDisplays

/// Which picture each TRMNL panel gets. (That it always fits the firmware's download limit,
/// drawn: NetsnapServerTests' DisplayPanelChoiceTests.)
@Suite struct DisplayPanelChoiceTests {
    static let configured = TileRequest(target: .display(.trmnl), theme: .light, timeZone: TimeZone(identifier: "UTC")!)

    static func choice(model: String? = nil, firmware: String? = nil, width: Int? = nil, height: Int? = nil) -> DisplayPanelChoice {
        DisplayPanelChoice(
            report: DisplayReport(firmware: firmware, model: model, width: width, height: height), configured: configured, canDraw: true)
    }

    @Test func anOGGetsGreysFromFirmware160AndOneBitBefore() {
        let modern = Self.choice(model: "og", firmware: "1.8.5", width: 800, height: 480)
        #expect(modern.byteLimit == 90_000)
        #expect(
            modern.candidates.map(\.target) == [
                .display(.custom(width: 800, height: 480, format: .gray(bitDepth: 2))),
                .display(.custom(width: 800, height: 480, format: .gray(bitDepth: 2))), .display(.trmnl),
            ])
        #expect(modern.candidates.map(\.dithering) == [.ordered, .none, .none])
        let older = Self.choice(model: "og", firmware: "1.5.12", width: 800, height: 480)
        // 1.5.x decodes only 800 × 480 in 1 bit, whatever size it reports.
        #expect(older.candidates.map(\.target) == [.display(.trmnl)])
        #expect(Self.choice(model: "og", firmware: "1.5.0", width: 1024, height: 758).candidates.map(\.target) == [.display(.trmnl)])
        // A BYOS client that says nothing gets the configured tile.
        #expect(Self.choice().candidates.first == Self.configured)
    }

    @Test func aTRMNLXGets16GreysAndTheLargerLimit() {
        for choice in [Self.choice(model: "x", firmware: "1.8.5"), Self.choice(width: 1872, height: 1404)] {
            #expect(choice.byteLimit == 750_000)
            #expect(choice.candidates.first?.target == .display(.custom(width: 1872, height: 1404, format: .gray(bitDepth: 4))))
            #expect(choice.candidates.last?.target == .display(.custom(width: 1872, height: 1404, format: .gray(bitDepth: 1))))
        }
    }
}
