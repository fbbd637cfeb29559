import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a target's host into addresses: literal IPs as they are (nothing is sent), names
/// through the system resolver (`getaddrinfo`, so /etc/hosts and nsswitch apply).
enum HostResolver {
    /// The addresses of `host`, IPv4 first; throws `unresolved` or `timedOut`.
    static func resolve(_ host: String, timeout: Double) async throws(ProbeError) -> [IPAddress] {
        if let literal = IPAddress(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) { return [literal] }
        let deadline = ContinuousClock.now + .seconds(timeout)
        guard let outcome = await BlockingCall.run(until: deadline, { lookUp(host) }) else {
            throw .timedOut(seconds: timeout)
        }
        switch outcome {
        case .success(let addresses): return addresses
        case .failure(let reason): throw .unresolved(host: host, reason: reason.message)
        }
    }

    /// A resolver failure's text, as an Error so it can travel in a `Result`.
    struct Failure: Error {
        let message: String
    }

    /// A blocking `getaddrinfo` for TCP addresses of `host`.
    static func lookUp(_ host: String) -> Result<[IPAddress], Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else { return .failure(Failure(message: String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let pointer = current.pointee.ai_addr {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: Int(current.pointee.ai_addrlen)))
                }
                if let address = SocketAddress(storage: storage, length: current.pointee.ai_addrlen).ipAddress,
                    !addresses.contains(address)
                {
                    addresses.append(address)
                }
            }
            entry = current.pointee.ai_next
        }
        let ordered = addresses.filter { !$0.isIPv6 } + addresses.filter(\.isIPv6)
        return ordered.isEmpty ? .failure(Failure(message: "no addresses")) : .success(ordered)
    }
}
