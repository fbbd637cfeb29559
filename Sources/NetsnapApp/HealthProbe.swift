import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One GET with a deadline over a blocking-free socket.
struct HealthProbe {
    struct Answer {
        var status: Int
        var reasonPhrase: String
        var body: [UInt8]

        /// "status 503 Service Unavailable: data is stale (…)": the JSON reason of /healthz when there is one.
        var summary: String {
            var text = "status \(status)" + (reasonPhrase.isEmpty ? "" : " \(reasonPhrase)")
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                let reason = object["reason"] as? String
            {
                text += ": \(reason)"
            } else if let line = String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first {
                text += ": \(line)"
            }
            return text
        }
    }

    let url: HealthURL
    let timeout: Double

    func get() throws(HealthProbeError) -> Answer {
        let deadline = Self.now() + timeout
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(url.host, String(url.port), &hints, &list)
        guard resolved == 0, let list else { throw .unresolved(String(cString: gai_strerror(resolved))) }
        defer { freeaddrinfo(list) }
        var lastError = HealthProbeError.refused
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(
                address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = .system("socket", errno)
                continue
            }
            defer { close(fd) }
            do throws(HealthProbeError) {
                try connect(fd, to: address.pointee, deadline: deadline)
            } catch {
                lastError = error
                if case .timedOut = error { throw error }
                continue
            }
            return try exchange(fd, deadline: deadline)
        }
        throw lastError
    }

    private func connect(_ fd: Int32, to address: addrinfo, deadline: Double) throws(HealthProbeError) {
        if Glibc.connect(fd, address.ai_addr, address.ai_addrlen) == 0 { return }
        guard errno == EINPROGRESS else { throw Self.failure("connect", errno) }
        try wait(fd, for: Int16(POLLOUT), deadline: deadline)
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { throw .system("getsockopt", errno) }
        if code != 0 { throw Self.failure("connect", code) }
    }

    private func exchange(_ fd: Int32, deadline: Double) throws(HealthProbeError) -> Answer {
        let request = Array(
            "GET \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nUser-Agent: netsnap-health\r\nAccept: */*\r\nConnection: close\r\n\r\n"
                .utf8)
        var sent = 0
        while sent < request.count {
            try wait(fd, for: Int16(POLLOUT), deadline: deadline)
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw .system("send", errno)
            }
            sent += count
        }
        // Read to the end of the answer (the server closes: Connection: close), at most 64 KiB.
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while answer.count < 65_536 {
            try wait(fd, for: Int16(POLLIN), deadline: deadline)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                if !answer.isEmpty { break }
                throw Self.failure("recv", errno)
            }
            if count == 0 { break }
            answer += buffer[..<count]
            if let parsed = Self.parse(answer), parsed.complete { break }
        }
        guard let parsed = Self.parse(answer) else { throw .notHTTP }
        return parsed.answer
    }

    /// The status line and body so far; complete once Content-Length bytes of body are in.
    static func parse(_ bytes: [UInt8]) -> (answer: Answer, complete: Bool)? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else { return nil }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else { return nil }
        let body = Array(bytes[end.upperBound...])
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let answer = Answer(status: status, reasonPhrase: statusLine.count > 2 ? String(statusLine[2]) : "", body: body)
        return (answer, length.map { body.count >= $0 } ?? false)
    }

    private func wait(_ fd: Int32, for events: Int16, deadline: Double) throws(HealthProbeError) {
        while true {
            let left = deadline - Self.now()
            guard left > 0 else { throw .timedOut(timeout) }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .system("poll", errno) }
        }
    }

    private static func failure(_ call: String, _ code: Int32) -> HealthProbeError {
        code == ECONNREFUSED ? .refused : .system(call, code)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
