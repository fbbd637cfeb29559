import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import NetsnapServer

/// Every way of naming a file outside the output folder is a plain 404.
@Suite struct TraversalTests {
    static let variants = [
        "/../etc/passwd",
        "/..",
        "/pages/../../etc/passwd",
        "/pages/../widgets.json",
        "/./widgets.json",
        "/%2e%2e/etc/passwd",
        "/%2E%2E/%2e%2e/etc/passwd",
        "/.%2e/etc/passwd",
        "/%2e%2e%2fetc%2fpasswd",
        "/..%2f..%2fetc%2fpasswd",
        "/%252e%252e/etc/passwd",
        "/%252e%252e%252fetc%252fpasswd",
        "/%25252e%25252e/etc/passwd",
        "/..\\etc\\passwd",
        "/%5c..%5c..%5cetc%5cpasswd",
        "/pages%5c..%5cwidgets.json",
        "/widgets.json%00",
        "/widgets.json%00.png",
        "/%00/etc/passwd",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/%2Fetc/passwd",
        "/evil.json",
        "/outside/passwd",
        "/outside/../passwd",
        "/.widgets.json.4242.tmp",
        "/%2ewidgets.json.4242.tmp",
        "/%c0%ae%c0%ae/etc/passwd",
        "/%e0%80%ae%e0%80%ae/etc/passwd",
        "/%2",
        "/%zz/etc/passwd",
        "/tiles/..%2f..%2fetc%2fpasswd.png",
        "/tiles/%2e%2e%2f%2e%2e%2fetc%2fpasswd.png",
        "/display/..%2f..%2fetc%2fpasswd.png",
    ]

    @Test(arguments: variants)
    func inProcess(path: String) async throws {
        try await ServerFixture().withRouter { client async throws in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .notFound, "\(path)")
            #expect(!String(buffer: response.body).contains("root:"))
        }
    }

    @Test func aServedFileSwappedForAnEscapingLinkIsNotServedFromMemory() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            #expect(try await client.execute(uri: "/summary.json", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/pages/large.html", method: .get).status == .ok)
            let summary = fixture.folder.directory + "/summary.json"
            try FileManager.default.removeItem(atPath: summary)
            try FileManager.default.createSymbolicLink(atPath: summary, withDestinationPath: "/etc/passwd")
            let pages = fixture.folder.directory + "/pages"
            try FileManager.default.moveItem(atPath: pages, toPath: fixture.folder.directory + "/pages-old")
            try FileManager.default.createSymbolicLink(atPath: pages, withDestinationPath: "/etc")
            for path in ["/summary.json", "/pages/large.html", "/pages/passwd"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(!String(buffer: response.body).contains("root:"))
            }
        }
    }

    @Test func overRealSocketsTheBytesAreTakenAsSent() async throws {
        let fixture = try ServerFixture()
        try await LiveServer.run(fixture) { port async throws in
            try await RawHTTPConnection.offThePool {
                for path in Self.variants {
                    let response = try RawHTTPConnection(port: port).exchange(
                        "GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    // NIO's parser itself may refuse the most broken request lines with a 400; a
                    // 400 or a 404 both keep the file unread.
                    #expect(response.statusCode == 404 || response.statusCode == 400, "\(path): \(response.statusLine)")
                    #expect(!response.text.contains("root:"))
                }
                let absolute = try RawHTTPConnection(port: port).exchange(
                    "GET http://localhost/../../etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                #expect(absolute.statusCode == 404)
                #expect(!absolute.text.contains("root:"))
            }
        }
    }

    @Test(arguments: [
        ("/", ["index.html"]),
        ("/widgets.json", ["widgets.json"]),
        ("/pages/large.html", ["pages", "large.html"]),
        ("/tiles/medium%402x-dark.png", ["tiles", "medium@2x-dark.png"]),
        ("/caf%C3%A9.json", ["café.json"]),
    ])
    func acceptedPathsDecodeOnce(raw: String, segments: [String]) {
        #expect(RequestPath(raw: raw)?.segments == segments)
    }
}
