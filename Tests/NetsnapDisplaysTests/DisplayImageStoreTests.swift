import Foundation
import NetsnapTestSupport
import NetsnapTiles
import Testing

@testable import NetsnapDisplays

/// The handed-out display images kept in the state folder: read back by a new store (a
/// restarted server), bounded, and only under the names the server gives.
@Suite struct DisplayImageStoreTests {
    /// A picture as the store sees one: bytes, and what it was read back as.
    final class Picture: StorableDisplayImage {
        let storedBytes: [UInt8]
        let file: TileFileFormat

        init(storedBytes: [UInt8], file: TileFileFormat, lastModified: Date?) {
            self.storedBytes = storedBytes
            self.file = file
        }
    }

    static func image(_ byte: UInt8) -> Picture { Picture(storedBytes: [0x89, 0x50, 0x4E, 0x47, byte], file: .png, lastModified: nil) }

    static func name(_ digit: Character) -> String { String(repeating: digit, count: 32) }

    @Test func imagesAreReadBackBoundedAndOnlyByTheirNames() throws {
        let state = try TemporaryFolder.make("display-images")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let store = DisplayImageStore<Picture>(capacity: 1, stateDirectory: state, folderCapacity: 2)
        for (index, digit) in ["a", "b", "c"].enumerated() {
            store.remember(Self.image(UInt8(index)), as: Self.name(Character(digit)))
            // Distinct modification times, so the oldest is plain.
            Thread.sleep(forTimeInterval: 0.02)
        }
        store.remember(Self.image(9), as: "../escape")
        store.remember(Self.image(8), as: Self.name("d"), file: .bmp)
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/display-images").sorted()
        #expect(files == [Self.name("c") + ".png", Self.name("d") + ".bmp"])

        let restarted = DisplayImageStore<Picture>(stateDirectory: state)
        let kept = try #require(restarted.image(named: Self.name("c")))
        #expect(kept.storedBytes == [0x89, 0x50, 0x4E, 0x47, 2])
        #expect(kept.file == .png)
        #expect(restarted.image(named: Self.name("d"), file: .bmp)?.file == .bmp)
        #expect(restarted.image(named: Self.name("d")) == nil, "a BMP is not a PNG of the same name")
        #expect(restarted.image(named: Self.name("a")) == nil && restarted.image(named: "../escape") == nil)
    }
}
