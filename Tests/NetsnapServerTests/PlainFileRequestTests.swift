import Testing

@testable import NetsnapServer

/// What counts as a plain request, read without the HTTP parser: exactly one GET or HEAD,
/// nothing that frames a body, conditions the answer, carries credentials or changes the
/// connection. Everything else goes to the parser.
@Suite struct PlainFileRequestTests {
    private func read(_ text: String) -> PlainFileRequest? {
        Array(text.utf8).withUnsafeBytes { PlainFileRequest($0) }
    }

    @Test func aPlainGetAndHeadAreRead() {
        #expect(
            read("GET /tiles/medium@2x-light.png HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: wrk\r\n\r\n")
                == PlainFileRequest(isHead: false, path: "/tiles/medium@2x-light.png", query: nil))
        #expect(read("HEAD /widgets.json HTTP/1.1\r\nHost: x\r\n\r\n") == PlainFileRequest(isHead: true, path: "/widgets.json", query: nil))
        #expect(read("GET / HTTP/1.1\r\n\r\n") == PlainFileRequest(isHead: false, path: "/", query: nil))
        #expect(read("GET /a HTTP/1.1\r\nAccept:\r\nX-Empty: \t\r\n\r\n")?.path == "/a", "empty values")
    }

    @Test func aPlainQueryIsReadBesideThePath() {
        #expect(
            read("GET /tiles/medium.png?theme=light&scale=2 HTTP/1.1\r\n\r\n")
                == PlainFileRequest(isHead: false, path: "/tiles/medium.png", query: "theme=light&scale=2"))
        // Escapes are read as they come: `KeptTiles` decodes the values as the router does.
        #expect(
            read("GET /tiles/medium.png?theme=l%69ght HTTP/1.1\r\n\r\n")
                == PlainFileRequest(isHead: false, path: "/tiles/medium.png", query: "theme=l%69ght"))
        #expect(read("GET /a? HTTP/1.1\r\n\r\n")?.query == "", "an empty query is still one")
    }

    @Test(arguments: [
        // Not exactly one request.
        "", "GET /a HTTP/1.1\r\nHost: x\r\n", "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\n\r\n\r\n",
        // Other methods, versions and targets.
        "POST /a HTTP/1.1\r\n\r\n", "get /a HTTP/1.1\r\n\r\n", "GET /a HTTP/1.0\r\n\r\n", "GET /a HTTP/2.0\r\n\r\n",
        "GET  /a HTTP/1.1\r\n\r\n", "GET a HTTP/1.1\r\n\r\n", "GET http://x/a HTTP/1.1\r\n\r\n", "GET * HTTP/1.1\r\n\r\n",
        "GET /a?b=1+2 HTTP/1.1\r\n\r\n", "GET /a?b?c HTTP/1.1\r\n\r\n",
        "GET /a?b#c HTTP/1.1\r\n\r\n", "GET /%61 HTTP/1.1\r\n\r\n", "GET /a#b HTTP/1.1\r\n\r\n", "GET /a\tb HTTP/1.1\r\n\r\n",
        "GET /é HTTP/1.1\r\n\r\n",
        // Framing, conditions, credentials, the connection.
        "GET /a HTTP/1.1\r\nContent-Length: 0\r\n\r\n", "GET /a HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n",
        "GET /a HTTP/1.1\r\nConnection: close\r\n\r\n", "GET /a HTTP/1.1\r\nIf-None-Match: \"x\"\r\n\r\n",
        "GET /a HTTP/1.1\r\nIF-MODIFIED-SINCE: x\r\n\r\n", "GET /a HTTP/1.1\r\nRange: bytes=0-1\r\n\r\n",
        "GET /a HTTP/1.1\r\nAuthorization: Bearer t\r\n\r\n", "GET /a HTTP/1.1\r\nAccess-Token: t\r\n\r\n",
        "GET /a HTTP/1.1\r\nUpgrade: h2c\r\n\r\n", "GET /a HTTP/1.1\r\nExpect: 100-continue\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        // Malformed fields.
        "GET /a HTTP/1.1\r\nHost x\r\n\r\n", "GET /a HTTP/1.1\r\n: x\r\n\r\n", "GET /a HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", "GET /a HTTP/1.1\r\nHost: x\n\r\n", "GET /a HTTP/1.1\nHost: x\r\n\r\n",
        "GET /a HTTP/1.1\r\nX: a\rb\r\n\r\n", "GET /a HTTP/1.1\r\nX: a\u{0}b\r\n\r\n", "GET /a HTTP/1.1\r\nX: é\r\n\r\n",
    ])
    func anythingElseGoesToTheParser(_ text: String) {
        #expect(read(text) == nil, "\(text.debugDescription)")
    }

    /// Field names are compared in place, in any case: every meaningful one refuses in
    /// three spellings, and names that only begin or end like one pass.
    @Test func meaningfulFieldsAreKnownInAnyCase() {
        for field in PlainFileRequest.meaningfulFields {
            let name = field.description
            let mixed = String(name.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.uppercased()) : $0.element })
            for spelling in [name, name.uppercased(), mixed] {
                #expect(read("GET /a HTTP/1.1\r\n\(spelling): x\r\n\r\n") == nil, "\(spelling)")
            }
            #expect(read("GET /a HTTP/1.1\r\n\(name)s: x\r\nx-\(name): y\r\n\r\n")?.path == "/a", "\(name)s")
        }
        #expect(read("GET /a HTTP/1.1\r\nhOsT: x\r\nHOST: y\r\n\r\n") == nil, "two hosts in two cases")
        #expect(read("GET /a HTTP/1.1\r\nHosts: x\r\nHost: y\r\n\r\n")?.path == "/a", "one host and another field")
    }

    @Test func aLongRequestGoesToTheParser() {
        let long = "GET /a HTTP/1.1\r\nX: " + String(repeating: "a", count: PlainFileRequest.maximumBytes) + "\r\n\r\n"
        #expect(read(long) == nil)
    }
}
