import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `netsnap health`: one GET of a netsnap server's `/healthz`, for a container's health check
/// (the image has no curl). A plain POSIX socket, not the gatherer's HTTP client: it runs
/// every 30 s for the life of a container, so it starts no event loop and loads no library.
struct HealthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Ask a running netsnap server whether it is healthy (GET /healthz); exit 0 on a 2xx answer.",
        discussion: """
            Examples:
              netsnap health                  # GET http://127.0.0.1:8080/healthz
              netsnap health --url http://127.0.0.1:9000/healthz --timeout 5

            One plain HTTP/1.1 GET (http:// only, no TLS, no redirects), for health checks \
            where there is no curl: the container image's HEALTHCHECK runs it. Exit status 0 \
            when the server answers 2xx; 1 otherwise, with one line on stderr saying why \
            (connection refused, no answer within the time-out, or the status and the \
            server's reason). With serve.token set, list /healthz in serve.publicPaths.
            """
    ).subcommandOfNetsnap

    @Option(help: ArgumentHelp("The health URL to GET (http:// only).", valueName: "url"))
    var url = "http://127.0.0.1:8080/healthz"

    @Option(help: ArgumentHelp("Seconds to wait for the whole answer (0.1 to 300).", valueName: "seconds"))
    var timeout = 2.0

    func validate() throws {
        if HealthURL(url) == nil { throw ValidationError("--url must be http://HOST[:PORT][/PATH], found \"\(url)\"") }
        if !(timeout.isFinite && (0.1...300).contains(timeout)) { throw ValidationError("--timeout must be from 0.1 to 300 seconds") }
    }

    func run() throws {
        let target = HealthURL(url)!
        do {
            let answer = try HealthProbe(url: target, timeout: timeout).get()
            if (200..<300).contains(answer.status) { return }
            StandardError.print("netsnap health: \(url): \(answer.summary)")
        } catch {
            StandardError.print("netsnap health: \(url): \(error.description)")
        }
        throw ExitCode.failure
    }
}

/// An `http://host[:port][/path]` URL, taken apart by hand (Foundation's URL accepts more).
struct HealthURL: Equatable {
    var host: String
    var port: UInt16
    var path: String

    init?(_ text: String) {
        let scheme = "http://"
        guard text.lowercased().hasPrefix(scheme) else { return nil }
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        self.path = path.isEmpty ? "/" : (path.hasPrefix("/") ? String(path) : "/" + path)
        guard !authority.isEmpty, !authority.contains("@"), !self.path.contains(where: { $0.isWhitespace }) else { return nil }
        var hostPart = authority[...]
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { return nil }
            let after = hostPart[hostPart.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { return nil }
        host = String(hostPart)
        if let portPart {
            guard let port = UInt16(portPart), port > 0 else { return nil }
            self.port = port
        } else {
            port = 80
        }
    }

    /// The Host header's value.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }
}

/// Why a health probe got no HTTP answer.
enum HealthProbeError: Error, CustomStringConvertible {
    case unresolved(String)
    case refused
    case timedOut(Double)
    case system(String, Int32)
    case notHTTP

    var description: String {
        switch self {
        case .unresolved(let reason): "cannot resolve the host: \(reason)"
        case .refused: "connection refused (is netsnap serve running on that port?)"
        case .timedOut(let seconds): "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
        case .notHTTP: "the answer is not HTTP"
        }
    }
}

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
            let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
            "GET \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nUser-Agent: netsnap-health\r\nAccept: */*\r\nConnection: close\r\n\r\n".utf8)
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
