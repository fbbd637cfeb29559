import Foundation
import Testing

@testable import NetsnapJSON

@Suite struct JSONParserTests {
    @Test func jsonEscapesAndUnicodeRoundTrip() throws {
        let text = #"{"a":"\u00e9\ud83c\udfe0 \"q\" \\ \n","b":[true,false,null,-0.5,1e3]}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["a"] == .string("é🏠 \"q\" \\ \n"))
        #expect(value["b"] == .array([.bool(true), .bool(false), .null, .number(-0.5), .number(1000)]))
        #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
    }

    @Test(arguments: [
        #"{"a":01}"#, #"{"a":1,}"#, #"{"a" 1}"#, "[1 2]", #"{"a":"\x"}"#, "{\"a\":\"\u{01}\"}",
        #"{"a":"\ud800"}"#, "tru", "{} {}", "[-]",
    ])
    func jsonSyntaxErrorsAreRefused(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func writerEscapesMarkupAndKeepsNumbersShort() {
        let bytes = JSONWriter.bytes(.object([("s", .string("</script>")), ("n", .number(4.2)), ("i", .number(3))]), pretty: false)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"s":"\u003c/script\u003e","n":4.2,"i":3}"#)
    }
}
