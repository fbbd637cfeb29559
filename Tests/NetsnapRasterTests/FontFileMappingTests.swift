import CFreeType
import Foundation
import Testing

@testable import NetsnapText

/// FreeType and HarfBuzz read one mapping of a font file (`FontFileMapping`): two mappings
/// doubled every page both read, in page faults at each start and in resident memory.
@Suite struct FontFileMappingTests {
    /// How many mappings of `path` the process holds now.
    private static func mappings(of path: String) throws -> Int {
        try String(contentsOfFile: "/proc/self/maps", encoding: .utf8).split(separator: "\n")
            .filter { $0.hasSuffix(" " + path) }.count
    }

    @Test(arguments: [FontWeight.regular, .bold])
    func aFaceMapsItsFileOnceAndUnmapsItWhenItGoes(weight: FontWeight) throws {
        try TextLibraries.open()
        // The CJK font: no other face in the test process has it open.
        guard let file = try FontLocator().file(family: FontFaces.eastAsianFamily, weight: weight) else { return }
        var library: OpaquePointer?
        try #require(ft.FT_Init_FreeType(&library) == 0)
        defer { _ = ft.FT_Done_FreeType(library) }
        let before = try Self.mappings(of: file.path)
        var face: FontFace? = try FontFace(library: try #require(library), file: file)
        #expect(face?.covers("監") == true)
        #expect(try Self.mappings(of: file.path) == before + 1)
        face = nil
        #expect(try Self.mappings(of: file.path) == before)
    }
}
