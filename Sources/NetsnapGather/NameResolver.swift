import NIOCore
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// Resolves host names through the system resolver (`getaddrinfo`: /etc/hosts, nsswitch.conf,
/// resolv.conf, as every other program on the host does), on NIO's thread pool, within a
/// deadline. Literal addresses are returned without a lookup.
enum NameResolver {
    /// The addresses of `host`, IPv4 first.
    static func resolve(_ host: String, timeout: Double) async throws(ProbeError) -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        guard let outcome = await BlockingCall.run(until: .now + .seconds(timeout), { lookUp(host) }) else {
            throw Task.isCancelled ? .cancelled : .timedOut(seconds: timeout)
        }
        return try outcome.get()
    }

    /// A blocking `getaddrinfo` for the TCP addresses of `host`.
    static func lookUp(_ host: String) -> Result<[IPAddress], ProbeError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else { return .failure(.unresolved(host: host, reason: reason(status))) }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let pointer = current.pointee.ai_addr, let address = ipAddress(of: pointer), !addresses.contains(address) {
                addresses.append(address)
            }
            entry = current.pointee.ai_next
        }
        let ordered = addresses.filter { !$0.isIPv6 } + addresses.filter(\.isIPv6)
        return ordered.isEmpty ? .failure(.unresolved(host: host, reason: "host not found")) : .success(ordered)
    }

    /// getaddrinfo's status in the words a user expects.
    static func reason(_ status: Int32) -> String {
        switch status {
        // -5 and -9 are glibc's EAI_NODATA and EAI_ADDRFAMILY (GNU extensions Swift does not import).
        case EAI_NONAME, -5, -9: return "host not found"
        case EAI_AGAIN: return "name server did not answer"
        default: return String(cString: gai_strerror(status))
        }
    }

    /// The IP part of a `sockaddr` the kernel or libc filled in; nil for other families.
    static func ipAddress(of pointer: UnsafeMutablePointer<sockaddr>) -> IPAddress? {
        let address: SocketAddress
        switch Int32(pointer.pointee.sa_family) {
        case AF_INET:
            address = pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { SocketAddress($0.pointee, host: "") }
        case AF_INET6:
            address = pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { SocketAddress($0.pointee, host: "") }
        default:
            return nil
        }
        return address.ipAddress.flatMap(IPAddress.init)
    }
}
