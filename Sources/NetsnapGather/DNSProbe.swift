import NIOCore
import NIOPosix
import NetsnapModel

/// Times a name resolution: an A query over UDP to a chosen resolver, or the system
/// resolver through `getaddrinfo` (which follows /etc/nsswitch.conf and resolv.conf).
enum DNSProbe {
    /// The time `resolver` took to answer an A query for `name` with at least one record.
    static func queryTime(name: String, resolver: IPAddress, port: UInt16, timeout: Double) async throws(ProbeError) -> Duration {
        let identifier = UInt16.random(in: 0...UInt16.max)
        let query = try message(identifier: identifier, name: name)
        let start = ContinuousClock.now
        let deadline = start + .seconds(timeout)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let answer = loop.makePromise(of: [UInt8].self)
        let slot = ChannelSlot()
        // Connected, so the kernel drops datagrams from anyone but the resolver and reports
        // an ICMP port unreachable as a refusal.
        let bootstrap = DatagramBootstrap(group: loop).channelInitializer { channel in
            guard slot.hold(channel) else { return channel.eventLoop.makeFailedFuture(ProbeError.cancelled) }
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(AnswerHandler(identifier: identifier, answer: answer))
            }
        }
        let remote = try ProbeConnection.socketAddress(resolver, port: port)
        let channel: any Channel
        do {
            channel = try await withTaskCancellationHandler {
                try await bootstrap.connect(to: remote).get()
            } onCancel: {
                slot.cancel()
            }
        } catch {
            throw Task.isCancelled ? .cancelled : .translating(error, timeout: timeout, operation: "send")
        }
        channel.writeAndFlush(AddressedEnvelope(remoteAddress: remote, data: ByteBuffer(bytes: query))).cascadeFailure(to: answer)
        let bytes = try await ChannelAnswer.wait(for: answer, on: channel, until: deadline, timeout: timeout, operation: "send")
        let elapsed = ContinuousClock.now - start
        let responseCode = bytes[3] & 0x0F
        let answerCount = UInt16(bytes[6]) << 8 | UInt16(bytes[7])
        guard responseCode == 0 else { throw .unexpectedAnswer("resolver answered \(Self.responseCodeName(responseCode)) for \(name)") }
        guard answerCount > 0 else { throw .unexpectedAnswer("resolver has no A record for \(name)") }
        return elapsed
    }

    /// The time the system resolver took to resolve `name`.
    static func systemResolutionTime(name: String, timeout: Double) async throws(ProbeError) -> Duration {
        let start = ContinuousClock.now
        guard let outcome = await BlockingCall.run(until: start + .seconds(timeout), { NameResolver.lookUp(name) }) else {
            throw Task.isCancelled ? .cancelled : .timedOut(seconds: timeout)
        }
        _ = try outcome.get()
        return ContinuousClock.now - start
    }

    /// Hands the first datagram with the query's identifier to the promise; a read error
    /// (the resolver's port unreachable) fails it.
    private final class AnswerHandler: ChannelInboundHandler {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>

        private let identifier: UInt16
        private let answer: EventLoopPromise<[UInt8]>

        init(identifier: UInt16, answer: EventLoopPromise<[UInt8]>) {
            self.identifier = identifier
            self.answer = answer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = Array(buffer: Self.unwrapInboundIn(data).data)
            guard bytes.count >= 12, UInt16(bytes[0]) << 8 | UInt16(bytes[1]) == identifier else { return }
            answer.succeed(bytes)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            answer.fail(error)
        }
    }

    /// A standard query (recursion desired) for the A record of `name`.
    static func message(identifier: UInt16, name: String) throws(ProbeError) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(identifier >> 8), UInt8(identifier & 0xFF), 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]
        for label in name.split(separator: ".") {
            let utf8 = Array(label.utf8)
            guard (1...63).contains(utf8.count) else { throw .unexpectedAnswer("\"\(name)\" is not a valid DNS name") }
            bytes.append(UInt8(utf8.count))
            bytes += utf8
        }
        bytes += [0, 0, 1, 0, 1]  // root label, QTYPE A, QCLASS IN
        return bytes
    }

    private static func responseCodeName(_ code: UInt8) -> String {
        switch code {
        case 1: return "FORMERR"
        case 2: return "SERVFAIL"
        case 3: return "NXDOMAIN"
        case 4: return "NOTIMP"
        case 5: return "REFUSED"
        default: return "RCODE \(code)"
        }
    }
}
