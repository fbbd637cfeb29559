import Foundation
import Testing

@testable import NetsnapJSON

/// The quick reader takes only arrays of flat objects of known string members; anything else
/// is left (nil) to `JSONParser`.
@Suite struct FlatObjectArrayScannerTests {
    private static let keys: [StaticString] = ["name", "at"]

    private func scan(_ text: String, from start: Int = 0) -> (names: [String?], dates: [Date?], end: Int)? {
        var names: [String?] = []
        var dates: [Date?] = []
        let end = FlatObjectArrayScanner.scan(Array(text.utf8), from: start, keys: Self.keys) { object in
            names.append(object.string(0))
            dates.append(object.date(1))
            return true
        }
        return end.map { (names, dates, $0) }
    }

    @Test func readsFlatObjectsAndNamesTheEnd() throws {
        let text = #"x [ {"name":"Zürich ✓","at":"2026-11-21T10:42:07Z"} , {"name":null,"name":"b"}, {} ] y"#
        let result = try #require(scan(text, from: 2))
        #expect(result.names == ["Zürich ✓", "b", nil])
        #expect(result.dates == [Date(timeIntervalSince1970: 1_795_257_727), nil, nil])
        #expect(Array(text.utf8)[result.end...].elementsEqual(" y".utf8))
    }

    @Test(arguments: [#"[{"name":"a\"b"}]"#, #"[{"other":"a"}]"#, #"[{"name":1}]"#, #"[{"name":"a"}"#, #"[[]]"#, "{}"])
    func leavesAnythingElse(_ text: String) {
        #expect(scan(text) == nil)
    }

    @Test func givesUpWhenTheElementIsRefused() {
        let end = FlatObjectArrayScanner.scan(Array(#"[{"name":"a"}]"#.utf8), from: 0, keys: Self.keys) { _ in false }
        #expect(end == nil)
    }
}
