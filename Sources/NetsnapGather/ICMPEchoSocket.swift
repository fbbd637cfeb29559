import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// A socket that sends ICMP echo requests and reads the replies: a raw socket when the
/// process may open one (root, CAP_NET_RAW), else Linux's unprivileged ping socket when
/// `net.ipv4.ping_group_range` holds the process's group. The same socket serves one
/// target or a whole sweep; replies are matched by sender and sequence number.
final class ICMPEchoSocket {
    /// How the socket was opened.
    enum Kind: String, Sendable {
        case raw = "raw socket"
        case datagram = "ping socket"
    }

    let kind: Kind
    let isIPv6: Bool
    private let socket: Socket
    /// Raw sockets see every echo reply on the host, so ours carry an identifier; a ping
    /// socket has the kernel pick one and filter for it.
    private let identifier = UInt16.random(in: 1...UInt16.max)

    /// Opens a raw socket, else a ping socket, else throws `notPermitted` with how to allow it.
    init(ipv6: Bool, pingGroupRangePath: String) throws(ProbeError) {
        let family = ipv6 ? AF_INET6 : AF_INET
        let proto = Int32(ipv6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP)
        isIPv6 = ipv6
        do {
            socket = try Socket(family: family, type: Int32(SOCK_RAW.rawValue), protocol: proto)
            kind = .raw
            return
        } catch {
            guard case .notPermitted = error else { throw error }
        }
        do {
            socket = try Socket(family: family, type: Int32(SOCK_DGRAM.rawValue), protocol: proto)
            kind = .datagram
        } catch {
            guard case .notPermitted = error else { throw error }
            throw .notPermitted(Self.permissionAdvice(pingGroupRangePath: pingGroupRangePath))
        }
        // Ping sockets fill the send buffer quickly while ARP is pending during a sweep.
        socket.setOption(level: SOL_SOCKET, name: SO_SNDBUF, value: 1 << 20)
    }

    /// Sends one echo request; false when the send buffer is full and it should be retried.
    func sendEcho(to address: IPAddress, sequence: UInt16) throws(ProbeError) -> Bool {
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
        return try socket.sendDatagram(packet, to: SocketAddress(address, port: 0))
    }

    /// The next echo reply already received, as (sender, sequence); nil when none is waiting.
    /// Other ICMP traffic a raw socket sees is skipped.
    func nextReply() throws(ProbeError) -> (sender: IPAddress, sequence: UInt16)? {
        while let (bytes, sender) = try socket.receiveNow(maximum: 1500) {
            var icmp = bytes[...]
            // Raw IPv4 sockets deliver the IP header too; its length is in the low nibble.
            if kind == .raw, !isIPv6, let first = bytes.first { icmp = bytes.dropFirst(Int(first & 0x0F) * 4) }
            guard icmp.count >= 8 else { continue }
            let start = icmp.startIndex
            guard icmp[start] == (isIPv6 ? 129 : 0), icmp[start + 1] == 0 else { continue }
            let replyIdentifier = UInt16(icmp[start + 4]) << 8 | UInt16(icmp[start + 5])
            if kind == .raw, replyIdentifier != identifier { continue }
            guard let source = sender.ipAddress else { continue }
            return (source, UInt16(icmp[start + 6]) << 8 | UInt16(icmp[start + 7]))
        }
        return nil
    }

    /// Waits for readability (a reply) or, when `orWritable`, send-buffer space.
    func wait(orWritable: Bool, until deadline: ContinuousClock.Instant) async -> SocketEvents {
        await socket.wait(orWritable ? [.readable, .writable] : .readable, until: deadline)
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
        let range = (try? String(contentsOfFile: pingGroupRangePath, encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? "unknown"
        return "ICMP not permitted: no raw socket (needs root or CAP_NET_RAW: sudo setcap cap_net_raw+ep <netsnap binary>) "
            + "and no ping socket (group \(getgid()) is outside net.ipv4.ping_group_range \"\(range)\"; allow it with "
            + "sudo sysctl -w net.ipv4.ping_group_range=\"0 2147483647\")"
    }
}
