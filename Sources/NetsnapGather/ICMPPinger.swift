import NetsnapModel

/// Times ICMP echo round trips to one host (targets and the gateway).
enum ICMPPinger {
    /// The time between the echoes of a burst: ping's shortest interval for an
    /// unprivileged user, so a burst of five is sent within a second.
    static let burstInterval: Duration = .milliseconds(200)

    /// The round trip of one echo to `address`, or the reason there was none.
    static func ping(_ address: IPAddress, timeout: Double, pingGroupRangePath: String) async throws(ProbeError)
        -> Duration
    {
        let tally = try await echoes(address, count: 1, timeout: timeout, pingGroupRangePath: pingGroupRangePath)
        guard let roundTrip = tally.roundTrips.first ?? nil else { throw .timedOut(seconds: timeout) }
        return roundTrip
    }

    /// Sends `count` echoes to `address`, `burstInterval` apart, on one socket, and waits
    /// for their replies: an echo answered later than `timeout` after it left counts as
    /// lost. Replies are matched by sequence number, so echoes in flight together (a far
    /// end slower than the interval) are each timed on their own.
    static func echoes(_ address: IPAddress, count: Int, timeout: Double, pingGroupRangePath: String) async throws(ProbeError)
        -> EchoTally
    {
        let socket = try await ICMPEchoChannel.open(ipv6: address.isIPv6, pingGroupRangePath: pingGroupRangePath)
        let firstSequence = UInt16.random(in: 0...UInt16.max)
        let wait = Duration.seconds(timeout)
        // One entry per echo whose turn came: when it left, or nil when the kernel's buffers
        // stayed full for the whole wait and it never did.
        var sentAt: [ContinuousClock.Instant?] = []
        var roundTrips = [Duration?](repeating: nil, count: count)
        var answered = 0
        var turn = ContinuousClock.now
        while !Task.isCancelled {
            let now = ContinuousClock.now
            if sentAt.count < count, now >= turn {
                if try await socket.sendEcho(to: address, sequence: firstSequence &+ UInt16(truncatingIfNeeded: sentAt.count)) {
                    sentAt.append(now)
                    turn += burstInterval
                } else if now - turn >= wait {
                    sentAt.append(nil)
                    turn += burstInterval
                } else {
                    try? await Task.sleep(for: .milliseconds(5))
                }
                continue
            }
            var until = turn
            if sentAt.count == count {
                guard let last = sentAt.lazy.compactMap({ $0 }).last, answered < count, now < last + wait else { break }
                until = last + wait
            }
            guard let reply = await socket.nextReply(until: until), reply.sender == address else { continue }
            let index = Int(reply.sequence &- firstSequence)
            guard index < sentAt.count, roundTrips[index] == nil, let sent = sentAt[index], reply.receivedAt - sent <= wait
            else { continue }
            roundTrips[index] = reply.receivedAt - sent
            answered += 1
        }
        if Task.isCancelled { throw .cancelled }
        return EchoTally(roundTrips: roundTrips)
    }
}
