import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// Times a TCP handshake: the connect time to host:port, closed at once afterwards.
enum TCPConnectProbe {
    /// The time `connect` took, or why it failed (refused, timed out, unreachable).
    static func connectTime(to address: IPAddress, port: UInt16, timeout: Double) async throws(ProbeError) -> Duration {
        let socket = try Socket(family: address.isIPv6 ? AF_INET6 : AF_INET, type: Int32(SOCK_STREAM.rawValue), protocol: 0)
        let start = ContinuousClock.now
        try await socket.connect(to: SocketAddress(address, port: port), until: start + .seconds(timeout), timeout: timeout)
        return ContinuousClock.now - start
    }
}
