import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 GET over a plain socket: enough to time a response's first byte and
/// read a small JSON body. `Connection: close` lets the end of the stream end the body;
/// chunked bodies are decoded. No TLS: `https` goes through `HTTPSClient`.
enum PlainHTTPClient {
    /// Bodies larger than this are cut: the gatherer only reads small JSON answers.
    static let maximumBodySize = 1 << 20

    /// GETs `path` from `address`:`port` with `hostHeader`; reads the body when `readBody`.
    static func get(
        address: IPAddress, port: UInt16, hostHeader: String, path: String, timeout: Double, readBody: Bool
    ) async throws(ProbeError) -> HTTPExchange {
        let socket = try Socket(family: address.isIPv6 ? AF_INET6 : AF_INET, type: Int32(SOCK_STREAM.rawValue), protocol: 0)
        let start = ContinuousClock.now
        let deadline = start + .seconds(timeout)
        try await socket.connect(to: SocketAddress(address, port: port), until: deadline, timeout: timeout)
        let request = "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: netsnap\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        try await socket.sendAll(Array(request.utf8), until: deadline, timeout: timeout)
        var received = try await socket.receive(until: deadline, timeout: timeout)
        let firstByte = ContinuousClock.now - start
        guard !received.isEmpty else { throw .unexpectedAnswer("connection closed without a response") }
        var headerEnd = headerTerminator(in: received)
        while headerEnd == nil || (readBody && received.count < maximumBodySize) {
            let chunk = try await socket.receive(until: deadline, timeout: timeout)
            if chunk.isEmpty { break }
            received += chunk
            if headerEnd == nil { headerEnd = headerTerminator(in: received) }
        }
        guard let headerEnd else { throw .unexpectedAnswer("no complete HTTP response header") }
        let head = String(decoding: received[..<headerEnd], as: UTF8.self)
        let statusLine = head.prefix(while: { $0 != "\r" && $0 != "\n" }).split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else {
            throw .unexpectedAnswer("not an HTTP response")
        }
        var body = Array(received[(headerEnd + 4)...])
        if head.lowercased().contains("transfer-encoding: chunked") { body = dechunk(body) }
        return HTTPExchange(status: status, timeToFirstByte: firstByte, body: readBody ? body : [])
    }

    /// The offset of the blank line ending the header, or nil while incomplete.
    private static func headerTerminator(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Joins the chunks of a `Transfer-Encoding: chunked` body (sizes in hex per line).
    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: 10) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self)
                .split(separator: ";").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd + 1
            let end = min(start + size, bytes.count)
            output += bytes[start..<end]
            index = end + 2
        }
        return output
    }
}
