import NIOCore
import NIOPosix
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// An NIO channel that sends ICMP echo requests and collects the replies: a raw socket
/// (`NIORawSocketBootstrap`) when the process may open one (root, CAP_NET_RAW), else
/// Linux's unprivileged ping socket (a datagram socket of protocol ICMP) when
/// `net.ipv4.ping_group_range` holds the process's group. The same channel serves one
/// target or a whole sweep; replies are matched by sender and sequence number.
final class ICMPEchoChannel: Sendable {
    /// How the socket was opened.
    enum Kind: String, Sendable {
        case raw = "raw socket"
        case datagram = "ping socket"
    }

    let kind: Kind
    let isIPv6: Bool
    private let channel: any Channel
    private let inbox: EchoReplyInbox
    /// Raw sockets see every echo reply on the host, so ours carry an identifier; a ping
    /// socket has the kernel pick one and filter for it.
    private let identifier: UInt16

    private init(kind: Kind, isIPv6: Bool, channel: any Channel, inbox: EchoReplyInbox, identifier: UInt16) {
        self.kind = kind
        self.isIPv6 = isIPv6
        self.channel = channel
        self.inbox = inbox
        self.identifier = identifier
    }

    /// The socket lives exactly as long as its probe or sweep holds the channel.
    deinit { channel.close(promise: nil) }

    /// Opens a raw socket, else a ping socket, else throws `notPermitted` with how to allow it.
    static func open(ipv6: Bool, pingGroupRangePath: String) async throws(ProbeError) -> ICMPEchoChannel {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let identifier = UInt16.random(in: 1...UInt16.max)
        let inbox = EchoReplyInbox(eventLoop: loop)
        let anyAddress = ipv6 ? "::" : "0.0.0.0"
        let proto = Int32(ipv6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP)
        func initializer(_ kind: Kind) -> @Sendable (any Channel) -> EventLoopFuture<Void> {
            { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ReplyHandler(kind: kind, isIPv6: ipv6, identifier: identifier, inbox: inbox))
                }
            }
        }
        do {
            let channel = try await NIORawSocketBootstrap(group: loop)
                .channelInitializer(initializer(.raw))
                .bind(host: anyAddress, ipProtocol: NIOIPProtocol(rawValue: UInt8(proto)))
                .get()
            return ICMPEchoChannel(kind: .raw, isIPv6: ipv6, channel: channel, inbox: inbox, identifier: identifier)
        } catch {
            guard Self.isPermissionError(error) else { throw .translating(error, timeout: 0, operation: "raw socket") }
        }
        do {
            // Ping sockets fill the send buffer quickly while ARP is pending during a sweep.
            let channel = try await DatagramBootstrap(group: loop)
                .protocolSubtype(NIOBSDSocket.ProtocolSubtype(rawValue: proto))
                .channelOption(.socketOption(.so_sndbuf), value: 1 << 20)
                .channelInitializer(initializer(.datagram))
                .bind(host: anyAddress, port: 0)
                .get()
            return ICMPEchoChannel(kind: .datagram, isIPv6: ipv6, channel: channel, inbox: inbox, identifier: identifier)
        } catch {
            guard Self.isPermissionError(error) else { throw .translating(error, timeout: 0, operation: "ping socket") }
            throw .notPermitted(Self.permissionAdvice(pingGroupRangePath: pingGroupRangePath))
        }
    }

    /// Sends one echo request; false when the kernel's buffers are full and it should be retried.
    func sendEcho(to address: IPAddress, sequence: UInt16) async throws(ProbeError) -> Bool {
        var packet: [UInt8] = [isIPv6 ? 128 : 8, 0, 0, 0]
        packet += [UInt8(identifier >> 8), UInt8(identifier & 0xFF), UInt8(sequence >> 8), UInt8(sequence & 0xFF)]
        packet += Array("netsnap echo....".utf8)
        // The kernel computes ICMPv6 checksums (they cover a pseudo-header) and those of
        // ping sockets; raw IPv4 needs ours.
        if !isIPv6 {
            let checksum = Self.internetChecksum(packet)
            packet[2] = UInt8(checksum >> 8)
            packet[3] = UInt8(checksum & 0xFF)
        }
        let remote = try ProbeConnection.socketAddress(address, port: 0)
        do {
            try await channel.writeAndFlush(AddressedEnvelope(remoteAddress: remote, data: ByteBuffer(bytes: packet))).get()
            return true
        } catch let error as IOError where [EAGAIN, EWOULDBLOCK, ENOBUFS].contains(error.errnoCode) {
            return false
        } catch {
            throw .translating(error, timeout: 0, operation: "send")
        }
    }

    /// The next echo reply, waiting at most until `deadline` (nil then, or when cancelled).
    func nextReply(until deadline: ContinuousClock.Instant) async -> EchoReplyInbox.Reply? {
        await inbox.next(until: deadline)
    }

    private static func isPermissionError(_ error: any Error) -> Bool {
        guard let error = error as? IOError else { return false }
        return error.errnoCode == EPERM || error.errnoCode == EACCES
    }

    /// The RFC 1071 ones'-complement sum.
    static func internetChecksum(_ bytes: [UInt8]) -> UInt16 {
        var sum: UInt32 = 0
        var index = 0
        while index + 1 < bytes.count {
            sum += UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
            index += 2
        }
        if index < bytes.count { sum += UInt32(bytes[index]) << 8 }
        while sum >> 16 != 0 { sum = (sum & 0xFFFF) + (sum >> 16) }
        return ~UInt16(sum)
    }

    /// What to do when neither socket kind is allowed, naming the current group range.
    static func permissionAdvice(pingGroupRangePath: String) -> String {
        let range =
            (try? String(contentsOfFile: pingGroupRangePath, encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? "unknown"
        return "ICMP not permitted: no raw socket (needs root or CAP_NET_RAW: sudo setcap cap_net_raw+ep <netsnap binary>) "
            + "and no ping socket (group \(getgid()) is outside net.ipv4.ping_group_range \"\(range)\"; allow it with "
            + "sudo sysctl -w net.ipv4.ping_group_range=\"0 2147483647\")"
    }

    /// Reads echo replies off the socket into the inbox; other ICMP traffic a raw socket
    /// sees is skipped.
    private final class ReplyHandler: ChannelInboundHandler {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>

        private let kind: Kind
        private let isIPv6: Bool
        private let identifier: UInt16
        private let inbox: EchoReplyInbox

        init(kind: Kind, isIPv6: Bool, identifier: UInt16, inbox: EchoReplyInbox) {
            self.kind = kind
            self.isIPv6 = isIPv6
            self.identifier = identifier
            self.inbox = inbox
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let envelope = Self.unwrapInboundIn(data)
            var icmp = envelope.data
            // Raw IPv4 sockets deliver the IP header too; its length is in the low nibble.
            if kind == .raw, !isIPv6, let first = icmp.getInteger(at: icmp.readerIndex, as: UInt8.self) {
                icmp.moveReaderIndex(forwardBy: min(icmp.readableBytes, Int(first & 0x0F) * 4))
            }
            guard let type = icmp.readInteger(as: UInt8.self), let code = icmp.readInteger(as: UInt8.self),
                type == (isIPv6 ? 129 : 0), code == 0, icmp.readInteger(as: UInt16.self) != nil,
                let replyIdentifier = icmp.readInteger(as: UInt16.self), let sequence = icmp.readInteger(as: UInt16.self),
                kind == .datagram || replyIdentifier == identifier,
                let sender = envelope.remoteAddress.ipAddress.flatMap(IPAddress.init)
            else { return }
            inbox.push(EchoReplyInbox.Reply(sender: sender, sequence: sequence, receivedAt: .now))
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // An ICMP error queued on the socket is not an echo reply; the probe's deadline decides.
        }
    }
}
