import Foundation
import Testing

@testable import NetsnapServer

/// Files already read are answered on the event loop (`CachedFileShortcut`); these tests
/// hold that path to the router's answers, order, guard and counts, over real sockets.
@Suite(.serialized) struct CachedFileShortcutTests {
    private static let get = "GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n\r\n"

    @Test func aCachedFileIsAnsweredAsTheRouterAnsweredItAndCounted() async throws {
        let fixture = try ServerFixture()
        try await LiveServer.run(fixture) { port async throws in
            let replies = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(Self.get)
                let first = connection.readReply()
                // Sent once the first is answered, so the shortcut may take them.
                try connection.send(Self.get + "HEAD /widgets.json HTTP/1.1\r\nHost: localhost\r\n\r\n" + Self.get)
                // A HEAD answered with a body would leave its bytes before the last reply's head.
                return [first, connection.readReply(), connection.readReply(bodyExpected: false), connection.readReply()]
            }
            let first = try #require(replies[0])
            let second = try #require(replies[1])
            let head = try #require(replies[2])
            #expect(replies[3]?.body == OutputFolderFixture.files["widgets.json"])
            #expect(first.statusCode == 200)
            #expect(second.fieldsButDate == first.fieldsButDate)
            #expect(second.body == OutputFolderFixture.files["widgets.json"])
            #expect(second.fieldsButDate.contains("server: netsnap"))
            #expect(second.text.lowercased().contains("\r\ndate: "))
            #expect(head.fieldsButDate == first.fieldsButDate)
            let metrics = try await Self.metrics(port: port)
            #expect(metrics.contains(#"netsnap_http_requests_total{handler="files",method="GET",status="200"} 3"#))
            #expect(metrics.contains(#"netsnap_http_requests_total{handler="files",method="HEAD",status="200"} 1"#))
        }
    }

    @Test func pipelinedRequestsAreAnsweredInTheirOrder() async throws {
        // The tile takes 300 ms to draw in the router; the file behind it is cached.
        let fixture = try ServerFixture(drawingTime: .milliseconds(300))
        try await LiveServer.run(fixture) { port async throws in
            let replies = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(Self.get)
                _ = connection.readReply()
                try connection.send("GET /tiles/medium.png HTTP/1.1\r\nHost: localhost\r\n\r\n" + Self.get)
                return [connection.readReply(), connection.readReply()]
            }
            #expect(replies[0]?.fieldsButDate.contains("content-type: image/png") == true)
            #expect(replies[1]?.body == OutputFolderFixture.files["widgets.json"])
        }
    }

    @Test func theTokenStillGuardsACachedFile() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = "secret-token"
        try await LiveServer.run(fixture) { port async throws in
            let (allowed, refused) = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                let withToken = "GET /widgets.json HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer secret-token\r\n\r\n"
                try connection.send(withToken + withToken + Self.get)
                _ = connection.readReply()
                return (connection.readReply(), connection.readReply())
            }
            #expect(allowed?.statusCode == 200)
            #expect(refused?.statusCode == 401)
        }
    }

    @Test func aRewrittenFileIsReadAgain() async throws {
        let fixture = try ServerFixture()
        try await LiveServer.run(fixture) { port async throws in
            let before = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(Self.get + Self.get)
                _ = connection.readReply()
                return connection.readReply()
            }
            #expect(before?.body == OutputFolderFixture.files["widgets.json"])
            let replacement = #"{"schemaVersion":1,"rewritten":true}"#
            let path = fixture.folder.directory + "/widgets.json"
            try Data(replacement.utf8).write(to: URL(fileURLWithPath: path + ".new"))
            #expect(rename(path + ".new", path) == 0)
            let after = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(Self.get)
                return connection.readReply()
            }
            #expect(after?.body == replacement)
        }
    }

    private static func metrics(port: Int) async throws -> String {
        try await RawHTTPConnection.offThePool {
            try RawHTTPConnection(port: port).exchange("GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").text
        }
    }
}
