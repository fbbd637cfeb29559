import NetsnapModel

/// Times a TCP handshake: the connect time to host:port, closed at once afterwards.
enum TCPConnectProbe {
    /// The time `connect` took, or why it failed (refused, timed out, unreachable).
    static func connectTime(to address: IPAddress, port: UInt16, timeout: Double) async throws(ProbeError) -> Duration {
        let start = ContinuousClock.now
        let channel = try await ProbeConnection.openTCP(to: address, port: port, timeout: timeout)
        let elapsed = ContinuousClock.now - start
        channel.close(promise: nil)
        return elapsed
    }
}
