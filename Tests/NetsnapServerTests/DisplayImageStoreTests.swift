import Foundation
import NetsnapTestSupport
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// The handed-out display images kept in the state folder: read back by a new store (a
/// restarted server), bounded, and only under the names the server gives.
@Suite struct DisplayImageStoreTests {
    static func image(_ byte: UInt8) -> Representation {
        Representation(bytes: [0x89, 0x50, 0x4E, 0x47, byte], contentType: "image/png", cacheControl: DisplayImageStore.caching)
    }

    static func name(_ digit: Character) -> String { String(repeating: digit, count: 32) }

    @Test func imagesAreReadBackBoundedAndOnlyByTheirNames() throws {
        let state = try TemporaryFolder.make("display-images")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let store = DisplayImageStore(capacity: 1, stateDirectory: state, folderCapacity: 2)
        for (index, digit) in ["a", "b", "c"].enumerated() {
            store.remember(Self.image(UInt8(index)), as: Self.name(Character(digit)))
            // Distinct modification times, so the oldest is plain.
            Thread.sleep(forTimeInterval: 0.02)
        }
        store.remember(Self.image(9), as: "../escape")
        store.remember(Self.image(8), as: Self.name("d"), file: .bmp)
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/display-images").sorted()
        #expect(files == [Self.name("c") + ".png", Self.name("d") + ".bmp"])

        let restarted = DisplayImageStore(stateDirectory: state)
        let kept = try #require(restarted.image(named: Self.name("c")))
        #expect(Array(kept.bytes.readableBytesView) == [0x89, 0x50, 0x4E, 0x47, 2])
        #expect(kept.cacheControl == DisplayImageStore.caching)
        #expect(restarted.image(named: Self.name("d"), file: .bmp) != nil)
        #expect(restarted.image(named: Self.name("d")) == nil, "a BMP is not a PNG of the same name")
        #expect(restarted.image(named: Self.name("a")) == nil && restarted.image(named: "../escape") == nil)
    }
}
