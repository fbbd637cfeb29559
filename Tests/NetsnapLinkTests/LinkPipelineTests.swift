import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import NetsnapLink

/// One connection's pipeline (LiveLink.configure) on an embedded channel: what it writes,
/// what it hands on, and when it closes — with time advanced by hand.
@Suite struct LinkPipelineTests {
    final class Received: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ buffer: ByteBuffer) { lines.withLock { $0.append(String(buffer: buffer)) } }
        var all: [String] { lines.withLock { $0 } }
    }

    struct Connection {
        let channel: EmbeddedChannel
        let received: Received
        let ended: EventLoopFuture<LinkChannelHandler.Ending>

        func outbound() throws -> [String] {
            var lines: [String] = []
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { lines.append(String(buffer: buffer)) }
            return lines
        }

        /// How the connection ended; fails the test (instead of waiting forever) while it is open.
        func ending() throws -> LinkChannelHandler.Ending {
            let result = Mutex<Result<LinkChannelHandler.Ending, any Error>?>(nil)
            ended.whenComplete { outcome in result.withLock { $0 = outcome } }
            return try #require(result.withLock { $0 }, "the connection has not ended").get()
        }

        func send(_ text: String) throws {
            try channel.writeInbound(channel.allocator.buffer(string: text))
        }
    }

    func connect(keepalive: Double = 15, silence: Double = 60, maximumLineBytes: Int = 1 << 20) throws -> Connection {
        let channel = EmbeddedChannel()
        var settings = LinkSettings()
        settings.keepaliveSeconds = keepalive
        settings.silenceSeconds = silence
        settings.maximumLineBytes = maximumLineBytes
        let received = Received()
        let ended = channel.eventLoop.makePromise(of: LinkChannelHandler.Ending.self)
        try LiveLink.configure(channel.pipeline.syncOperations, settings: settings, ended: ended, onLine: { received.add($0) })
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9000)).wait()
        return Connection(channel: channel, received: received, ended: ended.futureResult)
    }

    @Test func asksForTheStatusOnConnect() throws {
        let connection = try connect()
        #expect(try connection.outbound() == [#"{"type":"requestStatus"}"# + "\n"])
    }

    @Test func pingsEveryKeepalive() throws {
        let connection = try connect(keepalive: 15, silence: 3600)
        _ = try connection.outbound()
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(14))
        #expect(try connection.outbound().isEmpty)
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(try connection.outbound() == [#"{"type":"ping"}"# + "\n"])
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try connection.outbound().count == 2)
    }

    @Test func handsOnEveryLineSplitAcrossReads() throws {
        let connection = try connect()
        try connection.send(#"{"type":"status"#)
        try connection.send("Update\"}\r\nnot json\n\n{\"type\":\"ping\"}\n{\"partial")
        #expect(connection.received.all == [#"{"type":"statusUpdate"}"#, "not json", "", #"{"type":"ping"}"#])
        #expect(connection.channel.isActive)
    }

    @Test func aLineLongerThanTheBoundDropsTheConnection() throws {
        let connection = try connect(maximumLineBytes: 4096)
        try connection.send("{\"type\":\"ping\"}\n")
        for _ in 0..<3 { try? connection.send(String(repeating: "x", count: 2000)) }
        #expect(!connection.channel.isActive)
        let ending = try connection.ending()
        #expect(ending == LinkChannelHandler.Ending(reason: "a line longer than 4096 bytes", receivedLines: true))
        #expect(connection.received.all == [#"{"type":"ping"}"#])
    }

    @Test func aSilentAgentIsDroppedAfterTheSilenceWindow() throws {
        let connection = try connect(keepalive: 5, silence: 20)
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(15))
        try connection.send("{}\n")
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(15))
        #expect(connection.channel.isActive, "a line 15 s ago keeps it open")
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(6))
        #expect(!connection.channel.isActive)
        #expect(try connection.ending().reason == "nothing received for 20 s")
    }

    @Test func bytesThatNeverMakeALineDoNotCountAsLife() throws {
        let connection = try connect(keepalive: 5, silence: 20)
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(15))
        try connection.send(#"{"type":"statusUp"#)
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(!connection.channel.isActive)
        #expect(try connection.ending() == LinkChannelHandler.Ending(reason: "nothing received for 20 s", receivedLines: false))
    }

    @Test func anAgentClosingIsReported() throws {
        let connection = try connect()
        try connection.channel.close().wait()
        #expect(try connection.ending() == LinkChannelHandler.Ending(reason: "closed by the agent", receivedLines: false))
    }
}
