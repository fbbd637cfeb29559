import NetsnapModel

/// Times ICMP echo round trips to one host (targets and the gateway).
enum ICMPPinger {
    /// The round trip of one echo to `address`, or the reason there was none.
    static func ping(_ address: IPAddress, timeout: Double, pingGroupRangePath: String) async throws(ProbeError)
        -> Duration
    {
        let socket = try await ICMPEchoChannel.open(ipv6: address.isIPv6, pingGroupRangePath: pingGroupRangePath)
        let sequence = UInt16.random(in: 0...UInt16.max)
        let start = ContinuousClock.now
        let deadline = start + .seconds(timeout)
        while try await !socket.sendEcho(to: address, sequence: sequence) {
            guard ContinuousClock.now < deadline else { throw .timedOut(seconds: timeout) }
            try? await Task.sleep(for: .milliseconds(5))
        }
        while ContinuousClock.now < deadline, !Task.isCancelled {
            guard let reply = await socket.nextReply(until: deadline) else { continue }
            if reply.sender == address, reply.sequence == sequence { return ContinuousClock.now - start }
        }
        throw Task.isCancelled ? .cancelled : .timedOut(seconds: timeout)
    }
}
