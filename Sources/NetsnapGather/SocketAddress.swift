import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 address with a port, in the `sockaddr` form system calls take.
struct SocketAddress: @unchecked Sendable {
    // sockaddr_storage is plain bytes; @unchecked only because C structs carry no Sendable.
    private(set) var storage = sockaddr_storage()
    let length: socklen_t

    /// The address family, `AF_INET` or `AF_INET6`.
    var family: Int32 { Int32(storage.ss_family) }

    init(_ address: IPAddress, port: UInt16) {
        var storage = sockaddr_storage()
        if address.isIPv6 {
            var v6 = sockaddr_in6()
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, address.text, &v6.sin6_addr)
            withUnsafeBytes(of: v6) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var v4 = sockaddr_in()
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            _ = inet_pton(AF_INET, address.text, &v4.sin_addr)
            withUnsafeBytes(of: v4) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        self.storage = storage
    }

    /// Wraps an address the kernel filled in (`recvfrom`, `getaddrinfo`).
    init(storage: sockaddr_storage, length: socklen_t) {
        self.storage = storage
        self.length = length
    }

    /// The IP part, or nil for a family other than IPv4 and IPv6.
    var ipAddress: IPAddress? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = storage
        let converted: UnsafePointer<CChar>? = withUnsafeMutableBytes(of: &copy) { raw in
            switch family {
            case AF_INET:
                let v4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                return inet_ntop(AF_INET, &v4.pointee.sin_addr, &buffer, socklen_t(buffer.count))
            case AF_INET6:
                let v6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                return inet_ntop(AF_INET6, &v6.pointee.sin6_addr, &buffer, socklen_t(buffer.count))
            default:
                return nil
            }
        }
        guard converted != nil else { return nil }
        return IPAddress(String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Calls `body` with a `sockaddr` pointer and length for a system call.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
    }
}
