import CLinuxNetlink
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the kernel's neighbour table (ARP and NDP) in-process over an rtnetlink socket:
/// what `ip -j neigh` prints, without starting a process. Asking the kernel sends nothing
/// on any network.
enum NetlinkNeighbourTable {
    /// Every IPv4 and IPv6 neighbour entry; throws when the socket or the dump fails.
    static func read(timeout: Duration = .seconds(1)) throws(NetlinkError) -> [NeighbourEntry] {
        let descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), NETLINK_ROUTE)
        guard descriptor >= 0 else { throw .system("socket", errno) }
        defer { close(descriptor) }
        let sequence = UInt32.random(in: 1...UInt32.max)
        try send(NetlinkNeighbourMessages.dumpRequest(sequence: sequence), on: descriptor)

        let deadline = ContinuousClock.now + timeout
        var names: [Int32: String] = [:]
        var entries: [NeighbourEntry] = []
        // Dump datagrams are at most 32 KiB; a bigger one would come back cut (MSG_TRUNC).
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            try waitReadable(descriptor, until: deadline)
            var sender = sockaddr_nl()
            var senderLength = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let received = buffer.withUnsafeMutableBytes { raw in
                withUnsafeMutablePointer(to: &sender) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(descriptor, raw.baseAddress, raw.count, Int32(MSG_TRUNC), $0, &senderLength)
                    }
                }
            }
            if received < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system("recvfrom", errno)
            }
            guard received <= buffer.count else { throw .malformed("a \(received)-byte datagram, more than the buffer holds") }
            // Only the kernel (port 0) answers a dump; anything else is not ours.
            guard sender.nl_pid == 0 else { continue }
            let part = try NetlinkNeighbourMessages.parse(Array(buffer[..<received]), sequence: sequence) { index in
                if let name = names[index] { return name }
                let name = interfaceName(index)
                names[index] = name
                return name
            }
            entries += part.entries
            if part.isDone { return entries }
        }
    }

    private static func send(_ request: [UInt8], on descriptor: Int32) throws(NetlinkError) {
        var kernel = sockaddr_nl()
        kernel.nl_family = sa_family_t(AF_NETLINK)
        let sent = request.withUnsafeBytes { bytes in
            withUnsafePointer(to: &kernel) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        guard sent == request.count else { throw .system("sendto", errno) }
    }

    private static func waitReadable(_ descriptor: Int32, until deadline: ContinuousClock.Instant) throws(NetlinkError) {
        while true {
            let (seconds, attoseconds) = (deadline - .now).components
            let milliseconds = max(0, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready > 0 { return }
            if ready == 0 { throw .timedOut }
            if errno != EINTR { throw .system("poll", errno) }
        }
    }

    /// The interface's name, or `if<index>` (as `ip` writes it) when it is gone.
    private static func interfaceName(_ index: Int32) -> String {
        var name = [CChar](repeating: 0, count: Int(IF_NAMESIZE))
        guard if_indextoname(UInt32(bitPattern: index), &name) != nil else { return "if\(index)" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
