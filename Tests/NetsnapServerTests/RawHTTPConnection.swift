import Foundation

/// A blocking TCP connection over loopback that sends bytes exactly as given — no client
/// library normalising paths — and reads what comes back, for traversal and timeout tests.
/// Use it inside `offThePool`: blocking calls on Swift's cooperative threads would starve
/// the server under test, whose handlers run there too.
final class RawHTTPConnection {
    /// Runs `body` on a thread of its own and waits for it without blocking a task thread.
    static func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    struct Reply {
        let bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
        var statusLine: String { text.components(separatedBy: "\r\n").first ?? "" }
        var statusCode: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        /// What follows the blank line after the head.
        var body: String { text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
        /// The head's fields, lower-cased names, without `Date` (which changes by the second).
        var fieldsButDate: [String] {
            text.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n").dropFirst()
                .filter { !$0.lowercased().hasPrefix("date:") }.map { $0.lowercased() }
        }
    }

    private let descriptor: Int32

    /// Connects; reads give up after `timeout` seconds without data. `receiveBuffer` shrinks
    /// the socket's receive buffer (for clients that must look slow); `source` is the loopback
    /// address to connect from (for clients that must look like different hosts).
    init(port: Int, timeout: Double = 5, receiveBuffer: Int32? = nil, source: String = "127.0.0.1") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw POSIXError(.EPIPE) }
    }

    /// Everything until the server closes the connection (or the read timeout passes).
    func readToEnd() -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return received }
            received += chunk[0..<count]
        }
    }

    /// Reads one response on a connection kept alive (its head, then `Content-Length` bytes)
    /// and returns its status code; 0 when the connection ends first.
    func readResponse() -> Int { readReply(bodyExpected: true)?.statusCode ?? 0 }

    /// Reads one response on a connection kept alive: its head, then `Content-Length` bytes
    /// of body unless `bodyExpected` is false (the answer to a HEAD). Nil when the
    /// connection ends first.
    func readReply(bodyExpected: Bool = true) -> Reply? {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard recv(descriptor, &byte, 1, 0) == 1 else { return nil }
            received.append(byte)
        }
        let head = String(decoding: received, as: UTF8.self).lowercased()
        let length =
            head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        guard bodyExpected else { return Reply(bytes: received) }
        var body = [UInt8](repeating: 0, count: length)
        var read = 0
        while read < length {
            let count = body.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + read, length - read, 0) }
            guard count > 0 else { return nil }
            read += count
        }
        return Reply(bytes: received + body)
    }

    /// True when the server has closed the connection: a read returns end of file or a reset
    /// instead of timing out.
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Sends `request` and reads the reply up to the close.
    func exchange(_ request: String) throws -> Reply {
        try send(request)
        return Reply(bytes: readToEnd())
    }
}
