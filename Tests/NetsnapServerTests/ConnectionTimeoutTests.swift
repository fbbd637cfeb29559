import Foundation
import Testing

@testable import NetsnapServer

/// A connection's deadlines over real loopback sockets: a request must arrive whole within
/// the header deadline, a client must take its response, and a connection not being served
/// is closed after the idle timeout — but not one whose requests keep coming.
@Suite(.serialized) struct ConnectionTimeoutTests {
    @Test func aClientTricklingItsRequestIsCutOff() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.requestTimeoutSeconds = 0.5
        try await LiveServer.run(fixture) { port async throws in
            let (closed, elapsed) = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 0.2)
                let start = ContinuousClock.now
                try connection.send("GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n")
                var closed = false
                for index in 0..<20 where !closed {
                    // One more header line every 200 ms: never a complete request.
                    do { try connection.send("X-Slow-\(index): yes\r\n") } catch { closed = true }
                    if connection.isClosedByServer() { closed = true }
                }
                return (closed, ContinuousClock.now - start)
            }
            #expect(closed)
            #expect(elapsed < .seconds(3))
        }
    }

    @Test func aClientThatStopsReadingIsCutOff() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.requestTimeoutSeconds = 0.5
        let size = 48 << 20
        try Data(count: size).write(to: URL(fileURLWithPath: fixture.folder.directory + "/large.txt"))
        try await LiveServer.run(fixture) { port async throws in
            let received = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 2, receiveBuffer: 4096)
                try connection.send("GET /large.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
                Thread.sleep(forTimeInterval: 2)
                return connection.readToEnd()
            }
            #expect(received.count > 0)
            #expect(received.count < size)
        }
    }

    @Test func aRequestTricklingInIsCutOffAtTheHeaderDeadlineLongBeforeTheIdleTimeout() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.headerTimeoutSeconds = 0.5
        fixture.arguments.requestTimeoutSeconds = 30
        try await LiveServer.run(fixture) { port async throws in
            let (closed, sent) = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 0.2)
                try connection.send("GET /widgets.json HTTP/1.1\r\n")
                var sent = 0
                // A header line every 200 ms for up to 4 s: bytes keep coming, the head never ends.
                while sent < 20 {
                    if connection.isClosedByServer() { return (true, sent) }
                    do { try connection.send("X-Slow-\(sent): yes\r\n") } catch { return (true, sent) }
                    sent += 1
                }
                return (false, sent)
            }
            #expect(closed, "still open after \(sent) header lines")
            #expect(sent < 12, "closed only after \(sent) header lines")
        }
    }

    /// Requests answered from their bytes (`PlainFileShortcut`) never reach Hummingbird, whose
    /// idle timeout, counting HTTP parts, took such a busy connection for an idle one.
    @Test func aConnectionAnsweredFromTheBytesIsNotIdleWhileItsRequestsKeepComing() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.requestTimeoutSeconds = 0.5
        try await LiveServer.run(fixture) { port async throws in
            let statuses = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 2)
                let request = "GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n\r\n"
                var statuses: [Int] = []
                // Ten requests 200 ms apart: twice the idle timeout in all, never idle for long.
                for _ in 0..<10 {
                    try connection.send(request)
                    statuses.append(connection.readResponse())
                    Thread.sleep(forTimeInterval: 0.2)
                }
                return statuses
            }
            #expect(statuses == Array(repeating: 200, count: 10))
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.requestTimeoutSeconds = 0.5
        try await LiveServer.run(fixture) { port async throws in
            let (status, closedAfter) = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 0.1)
                try connection.send("GET /widgets.json HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let status = connection.readResponse()
                let start = ContinuousClock.now
                while !connection.isClosedByServer(), ContinuousClock.now - start < .seconds(5) {}
                return (status, ContinuousClock.now - start)
            }
            #expect(status == 200)
            #expect(closedAfter > .milliseconds(300) && closedAfter < .seconds(2), "closed after \(closedAfter)")
        }
    }

    @Test func aKeepAliveConnectionWaitsTheIdleTimeoutNotTheHeaderDeadline() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.headerTimeoutSeconds = 0.3
        fixture.arguments.requestTimeoutSeconds = 30
        try await LiveServer.run(fixture) { port async throws in
            let statuses = try await RawHTTPConnection.offThePool {
                let connection = try RawHTTPConnection(port: port, timeout: 2)
                let request = "GET /badge.json HTTP/1.1\r\nHost: localhost\r\n\r\n"
                try connection.send(request)
                let first = connection.readResponse()
                Thread.sleep(forTimeInterval: 1)
                try connection.send(request)
                return [first, connection.readResponse()]
            }
            #expect(statuses == [200, 200])
        }
    }
}
