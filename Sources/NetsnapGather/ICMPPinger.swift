import NetsnapModel

/// Times ICMP echo round trips to one host (targets and the gateway).
enum ICMPPinger {
    /// The round trip of one echo to `address`, or the reason there was none.
    static func ping(_ address: IPAddress, timeout: Double, pingGroupRangePath: String) async throws(ProbeError)
        -> Duration
    {
        let socket = try ICMPEchoSocket(ipv6: address.isIPv6, pingGroupRangePath: pingGroupRangePath)
        let sequence = UInt16.random(in: 0...UInt16.max)
        let start = ContinuousClock.now
        let deadline = start + .seconds(timeout)
        while try !socket.sendEcho(to: address, sequence: sequence) {
            guard !(await socket.wait(orWritable: true, until: deadline)).isEmpty else {
                throw .timedOut(seconds: timeout)
            }
        }
        while true {
            while let reply = try socket.nextReply() {
                if reply.sender == address, reply.sequence == sequence { return ContinuousClock.now - start }
            }
            guard !(await socket.wait(orWritable: false, until: deadline)).isEmpty else {
                throw .timedOut(seconds: timeout)
            }
        }
    }
}
