import Glibc

/// Whether the server's address can be listened on, asked before anything else starts: a
/// second `serve --watch` on a taken port must fail at once, naming the address, not after a
/// whole watch cycle with a bare `bind(…)` error from deep in the stack.
public enum ListenAddressCheck {
    /// Binds and listens on a throwaway socket for `host`:`port` and closes it; throws what the
    /// system said, with the address. Port 0 (any free port) is always free.
    public static func verify(host: String, port: Int) throws(ServerError) {
        guard port != 0 else { return }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            throw ServerError(message: "serve: cannot listen on \(shown(host, port)): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard socket >= 0 else { return }  // No socket to try with: the server itself will say why.
        defer { close(socket) }
        // As the server's own socket: a port held only by connections in TIME_WAIT is free.
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 || listen(socket, 1) != 0 {
            let reason = String(cString: strerror(errno))
            let hint = errno == EADDRINUSE ? " (another netsnap or program listens there; choose another with --port or serve.port)" : ""
            throw ServerError(message: "serve: cannot listen on \(shown(host, port)): \(reason)\(hint)")
        }
    }

    /// `host:port`, with brackets around an IPv6 address.
    static func shown(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
