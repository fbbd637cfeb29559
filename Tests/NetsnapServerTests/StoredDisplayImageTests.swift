import Foundation
import HTTPTypes
import NetsnapDisplays
import NetsnapTiles
import Testing

@testable import NetsnapServer

/// A display image read back from the state folder (`DisplayImageStore`) is served as the
/// stored copy was: its bytes, its file's type and the immutable caching of a keyed name.
@Suite struct StoredDisplayImageTests {
    @Test func aPictureReadBackKeepsItsBytesTypeAndCaching() {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 2]
        let image = Representation(storedBytes: bytes, file: .bmp, lastModified: nil)
        #expect(image.storedBytes == bytes)
        #expect(Array(image.bytes.readableBytesView) == bytes)
        #expect(image.cacheControl == DisplayImageName.caching)
        #expect(image.fullResponse().headers[.contentType] == TileFileFormat.bmp.mediaType)
    }
}
