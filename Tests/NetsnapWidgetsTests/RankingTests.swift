import Foundation
import NetsnapModel
import Testing

@testable import NetsnapWidgets

@Suite struct RankingTests {
    /// Devices first seen at the same moment are ordered by their id's text, as they always were.
    @Test func tiesGoByTheIdsText() {
        var generator = SystemRandomNumberGenerator()
        let devices = (0..<200).map { index in
            var device = WidgetFixtures.device(index, firstSeenDaysAgo: 1)
            device.id = UUID(
                uuid: (
                    UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator), 0xAB, 0x0F,
                    UInt8.random(in: 0...255, using: &generator), 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(index)
                ))
            return device
        }
        let expected = devices.sorted { $0.id.uuidString < $1.id.uuidString }.prefix(5).map(\.id)
        #expect(Ranking.newestFirstSeen(devices, limit: 5).map(\.id) == expected)
    }
}
