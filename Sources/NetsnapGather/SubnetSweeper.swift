import NIOCore
import NIOPosix
import NetsnapModel

/// Finds live hosts in an IPv4 subnet. Echo requests go out through one socket, at most
/// `concurrency` awaiting an answer; each waits three times the slowest answer so far
/// (between `minimumTimeout` and `timeout`) and silent addresses are tried `retries` more
/// times. Every echo also makes the kernel resolve the address by ARP, so hosts that drop
/// ICMP still land in the neighbour table, which the gatherer reads afterwards. Without
/// ICMP permission, UDP datagrams to the discard port trigger the same ARP resolution.
enum SubnetSweeper {
    /// Largest subnet swept without `force`: a /22, 1022 addresses.
    static let largestUnforcedPrefix = 22

    static func sweep(
        _ subnet: IPv4Subnet, settings: SweepConfiguration, excluding ownAddresses: Set<IPAddress>, pingGroupRangePath: String,
        showProgress: Bool
    ) async throws(ProbeError) -> SweepReport {
        guard subnet.prefixLength >= largestUnforcedPrefix || settings.force else {
            throw .notPermitted("sweep of \(subnet) refused: larger than a /\(largestUnforcedPrefix) (set sweep.force to allow)")
        }
        let addresses = subnet.hostAddresses.filter { !ownAddresses.contains($0) }
        let start = ContinuousClock.now
        let progress = SweepProgress(subnet: subnet, total: addresses.count, enabled: showProgress)
        defer { progress.finish() }
        let socket: ICMPEchoChannel
        do {
            socket = try await ICMPEchoChannel.open(ipv6: false, pingGroupRangePath: pingGroupRangePath)
        } catch {
            guard case .notPermitted = error else { throw error }
            try await triggerARP(addresses, settle: settings.minimumTimeout * 2)
            return SweepReport(
                subnet: subnet, method: "UDP datagrams (ARP only; ICMP not permitted)", probed: addresses.count,
                responders: [], duration: ContinuousClock.now - start)
        }
        let responders = try await echoSweep(addresses, socket: socket, settings: settings, progress: progress)
        return SweepReport(
            subnet: subnet, method: "ICMP echo over a \(socket.kind.rawValue)", probed: addresses.count,
            responders: responders.sorted { IPv4Subnet.number($0)! < IPv4Subnet.number($1)! },
            duration: ContinuousClock.now - start)
    }

    private static func echoSweep(
        _ addresses: [IPAddress], socket: ICMPEchoChannel, settings: SweepConfiguration, progress: SweepProgress
    ) async throws(ProbeError) -> [IPAddress] {
        let indexByAddress = Dictionary(uniqueKeysWithValues: addresses.enumerated().map { ($1, $0) })
        var queue = Array(addresses.indices)
        var queueHead = 0
        var sentAt: [Int: ContinuousClock.Instant] = [:]
        var attempts = [Int](repeating: 0, count: addresses.count)
        var answered = Set<Int>()
        var probedCount = 0
        var slowest = Duration.zero
        let minimum = Duration.seconds(settings.minimumTimeout)
        let maximum = Duration.seconds(settings.timeout)
        func record(_ reply: EchoReplyInbox.Reply) {
            guard let index = indexByAddress[reply.sender], reply.sequence == UInt16(truncatingIfNeeded: index),
                !answered.contains(index)
            else { return }
            answered.insert(index)
            if let sent = sentAt.removeValue(forKey: index) { slowest = max(slowest, .now - sent) }
        }
        while true {
            guard !Task.isCancelled else { throw .cancelled }
            var blocked = false
            while sentAt.count < settings.concurrency, queueHead < queue.count {
                let index = queue[queueHead]
                if answered.contains(index) {
                    queueHead += 1
                    continue
                }
                guard try await socket.sendEcho(to: addresses[index], sequence: UInt16(truncatingIfNeeded: index)) else {
                    blocked = true
                    break
                }
                sentAt[index] = .now
                if attempts[index] == 0 { probedCount += 1 }
                attempts[index] += 1
                queueHead += 1
            }
            while let reply = await socket.nextReply(until: .now) { record(reply) }
            let wait = min(maximum, max(minimum, slowest * 3))
            let now = ContinuousClock.now
            for (index, sent) in sentAt where now - sent >= wait {
                sentAt.removeValue(forKey: index)
                if attempts[index] <= settings.retries { queue.append(index) }
            }
            progress.update(probed: probedCount, answered: answered.count)
            if queueHead >= queue.count, sentAt.isEmpty { break }
            // A full send buffer drains within milliseconds; otherwise sleep until a reply
            // or the next expiry.
            let nextExpiry = sentAt.values.min().map { $0 + wait } ?? now + wait
            if let reply = await socket.nextReply(until: blocked ? min(nextExpiry, now + .milliseconds(5)) : nextExpiry) {
                record(reply)
            }
        }
        return answered.map { addresses[$0] }
    }

    /// Sends one UDP datagram to port 9 (discard) of every address, which makes the kernel
    /// ARP for each, then gives the answers `settle` seconds to arrive.
    private static func triggerARP(_ addresses: [IPAddress], settle: Double) async throws(ProbeError) {
        let channel: any Channel
        do {
            channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "0.0.0.0", port: 0).get()
        } catch {
            throw .translating(error, timeout: settle, operation: "UDP socket")
        }
        defer { channel.close(promise: nil) }
        for address in addresses {
            guard !Task.isCancelled else { throw .cancelled }
            let envelope = AddressedEnvelope(
                remoteAddress: try ProbeConnection.socketAddress(address, port: 9), data: ByteBuffer(bytes: [0]))
            // A datagram the kernel cannot queue (ARP backlog full) is skipped: the sweep is best effort.
            try? await channel.writeAndFlush(envelope).get()
        }
        try? await Task.sleep(for: .seconds(settle))
    }
}
