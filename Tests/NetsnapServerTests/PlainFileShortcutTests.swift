import Foundation
import NIOCore
import NIOEmbedded
import Testing

@testable import NetsnapServer

/// Plain requests for cached files answered from the bytes, and everything else handed to
/// the parser untouched, in order — on a channel holding the shortcut alone.
@Suite struct PlainFileShortcutTests {
    private static let get = "GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n\r\n"

    /// A channel with the shortcut, over a folder whose widgets.json is already cached.
    private final class Harness {
        let folder: OutputFolderFixture
        let files: OutputFileResponder
        let channel = EmbeddedChannel()
        let ticket: ConnectionTicket

        init(token: String? = nil, cached: Bool = true) throws {
            folder = try OutputFolderFixture()
            files = OutputFileResponder(folder: try #require(OutputFolder(path: folder.directory)), maxAgeSeconds: 30)
            if cached { _ = files.representation(ofRawPath: "/widgets.json") }
            ticket = ConnectionTicket(
                registry: ConnectionRegistry(total: 8, perAddress: 8), channel: channel, headerTimeout: .seconds(3),
                idleTimeout: .seconds(30))
            let shared = CachedFileShortcut.Shared(
                files: files, accessGuard: AccessGuard(token: token, publicPaths: []), metrics: ServerMetrics())
            try channel.pipeline.syncOperations.addHandler(PlainFileShortcut(shared, ticket: ticket))
            #expect(ticket.admit())
        }

        deinit { try? FileManager.default.removeItem(atPath: folder.directory) }

        /// Sends `text` as one read; returns what was written back and what went on to the parser.
        func send(_ text: String) throws -> (answered: String, passedOn: String) { try channel.exchange(text) }
    }

    @Test func aPlainGetOfACachedFileIsAnsweredWholeWithTheRoutersFields() throws {
        let harness = try Harness()
        let (answered, passedOn) = try harness.send(Self.get)
        #expect(passedOn.isEmpty)
        let representation = try #require(harness.files.cachedRepresentation(ofRawPath: "/widgets.json"))
        #expect(answered.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answered.hasSuffix("\r\n\r\n" + OutputFolderFixture.files["widgets.json"]!))
        for field in representation.okHead(date: "x", server: ServerIdentity.name).headerFields where field.name != .date {
            #expect(answered.contains("\r\n\(field.name.rawName): \(field.value)\r\n"), "\(field.name)")
        }
        #expect(answered.contains("\r\nDate: "))
        let head = try harness.send("HEAD /widgets.json HTTP/1.1\r\nHost: localhost\r\n\r\n").answered
        #expect(head == String(answered.prefix(head.count)) && head.hasSuffix("\r\n\r\n"), "HEAD: the same head, no body")
    }

    @Test func aRequestThatIsNotPlainGoesOnAndSoDoesEverythingAfterIt() throws {
        let harness = try Harness()
        let conditional = "GET /widgets.json HTTP/1.1\r\nIf-None-Match: \"x\"\r\n\r\n"
        #expect(try harness.send(conditional) == ("", conditional))
        #expect(try harness.send(Self.get) == ("", Self.get), "the parser may hold part of a request now")
    }

    /// Counts the read-completes that reach the handlers behind the shortcut.
    private final class ReadCompleteCounter: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var count = 0
        func channelReadComplete(context: ChannelHandlerContext) {
            count += 1
            context.fireChannelReadComplete()
        }
    }

    @Test func theHandlersBehindHearOfAReadCompleteOnlyWhenAReadWentOnToThem() throws {
        let harness = try Harness()
        let behind = ReadCompleteCounter()
        try harness.channel.pipeline.syncOperations.addHandler(behind)
        #expect(try harness.send(Self.get).answered.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(try harness.send(Self.get).answered.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(behind.count == 0, "two answered here: nothing to complete behind")
        let conditional = "GET /widgets.json HTTP/1.1\r\nIf-None-Match: \"x\"\r\n\r\n"
        #expect(try harness.send(conditional) == ("", conditional))
        #expect(behind.count == 1)
        #expect(try harness.send(Self.get) == ("", Self.get))
        #expect(behind.count == 2, "passing through, every read is completed behind")
    }

    @Test func aPartialOrDoubleRequestGoesOnWhole() throws {
        let partial = "GET /widgets.json HTTP/1.1\r\nHost: loc"
        #expect(try Harness().send(partial) == ("", partial))
        #expect(try Harness().send(Self.get + Self.get) == ("", Self.get + Self.get))
    }

    @Test func aPlainRequestTheCacheCannotAnswerGoesOnAndTheNextOneWaitsForItsResponse() throws {
        let harness = try Harness(cached: false)
        #expect(try harness.send(Self.get) == ("", Self.get), "not read yet: the router reads it")
        _ = harness.files.representation(ofRawPath: "/widgets.json")
        harness.ticket.requestEnded()
        #expect(try harness.send(Self.get) == ("", Self.get), "the router's response has not ended")
        harness.ticket.requestEnded()
        harness.ticket.responseEnded()
        harness.ticket.responseEnded()
        #expect(try harness.send(Self.get).answered.hasPrefix("HTTP/1.1 200 OK\r\n"), "answered here again")
    }

    @Test func routesAndAGuardedServerAreLeftToTheRouter() throws {
        let route = "GET /healthz HTTP/1.1\r\n\r\n"
        #expect(try Harness().send(route) == ("", route))
        #expect(try Harness(token: "secret").send(Self.get) == ("", Self.get))
    }
}
