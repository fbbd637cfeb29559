import CLinuxNetlink
import Foundation
import NetsnapModel

/// The bytes of an rtnetlink neighbour-table dump: the request, and the reply datagrams
/// read into `NeighbourEntry`s. No socket here, so replies can be tested as hand-built bytes.
/// Netlink is in host byte order; every message and attribute is 4-byte aligned.
enum NetlinkNeighbourMessages {
    /// The entries one reply datagram held, and whether it ended the dump (NLMSG_DONE).
    struct Part: Equatable {
        var entries: [NeighbourEntry] = []
        var isDone = false
    }

    static let headerSize = MemoryLayout<nlmsghdr>.size
    static let neighbourHeaderSize = MemoryLayout<ndmsg>.size
    private static let attributeHeaderSize = MemoryLayout<rtattr>.size

    /// NUD state bits with the names `ip neigh` prints, in its order.
    private static let stateNames: [(bit: Int32, name: String)] = [
        (NUD_INCOMPLETE, "INCOMPLETE"), (NUD_REACHABLE, "REACHABLE"), (NUD_STALE, "STALE"), (NUD_DELAY, "DELAY"),
        (NUD_PROBE, "PROBE"), (NUD_FAILED, "FAILED"), (NUD_NOARP, "NOARP"), (NUD_PERMANENT, "PERMANENT"),
    ]

    /// RTM_GETNEIGH with NLM_F_DUMP for every address family: the whole table, IPv4 and IPv6.
    static func dumpRequest(sequence: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: headerSize + neighbourHeaderSize)
        bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(raw.count), toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: UInt16(RTM_GETNEIGH), toByteOffset: 4, as: UInt16.self)
            raw.storeBytes(of: UInt16(NLM_F_REQUEST | NLM_F_DUMP), toByteOffset: 6, as: UInt16.self)
            raw.storeBytes(of: sequence, toByteOffset: 8, as: UInt32.self)
            // The ndmsg stays zero: AF_UNSPEC, no interface filter.
        }
        return bytes
    }

    /// Reads one reply datagram of the dump asked for with `sequence`; messages of other
    /// sequences are skipped. `interfaceName` names an interface index.
    static func parse(_ datagram: [UInt8], sequence: UInt32, interfaceName: (Int32) -> String) throws(NetlinkError) -> Part {
        var part = Part()
        var offset = 0
        while datagram.count - offset >= headerSize {
            let length = Int(load(UInt32.self, datagram, offset))
            guard length >= headerSize, length <= datagram.count - offset else {
                throw .malformed("a message of \(length) bytes at offset \(offset) of a \(datagram.count)-byte datagram")
            }
            let type = Int32(load(UInt16.self, datagram, offset + 4))
            let payload = datagram[(offset + headerSize)..<(offset + length)]
            defer { offset += aligned(length) }
            guard load(UInt32.self, datagram, offset + 8) == sequence else { continue }
            switch type {
            case NLMSG_DONE:
                // The payload is an int: 0, or a negative errno when the dump failed midway.
                if payload.count >= 4 {
                    let code = load(Int32.self, datagram, payload.startIndex)
                    if code < 0 { throw .kernel(-code) }
                }
                part.isDone = true
                return part
            case NLMSG_ERROR:
                guard payload.count >= 4 else { throw .malformed("an NLMSG_ERROR without its error code") }
                let code = load(Int32.self, datagram, payload.startIndex)
                // Zero is an acknowledgement, which a dump does not ask for; skip it.
                if code != 0 { throw .kernel(-code) }
            case Int32(RTM_NEWNEIGH):
                if let entry = try neighbour(payload, in: datagram, interfaceName: interfaceName) { part.entries.append(entry) }
            default:
                continue
            }
        }
        guard offset >= datagram.count else { throw .malformed("\(datagram.count - offset) stray bytes after the last message") }
        return part
    }

    /// One RTM_NEWNEIGH payload: an ndmsg, then attributes. Nil for entries `ip neigh`
    /// leaves out by default (NOARP and NONE: multicast, point-to-point, not hosts) and
    /// for families other than IPv4 and IPv6.
    private static func neighbour(_ payload: ArraySlice<UInt8>, in datagram: [UInt8], interfaceName: (Int32) -> String)
        throws(NetlinkError) -> NeighbourEntry?
    {
        guard payload.count >= neighbourHeaderSize else { throw .malformed("a neighbour message of \(payload.count) bytes") }
        let start = payload.startIndex
        let family = Int32(datagram[start])
        let interfaceIndex = load(Int32.self, datagram, start + 4)
        let state = Int32(load(UInt16.self, datagram, start + 8))
        var address: IPAddress?
        var mac: MACAddress?
        var offset = start + neighbourHeaderSize
        while payload.endIndex - offset >= attributeHeaderSize {
            let length = Int(load(UInt16.self, datagram, offset))
            guard length >= attributeHeaderSize, length <= payload.endIndex - offset else {
                throw .malformed("an attribute of \(length) bytes at offset \(offset)")
            }
            let value = datagram[(offset + attributeHeaderSize)..<(offset + length)]
            switch Int32(load(UInt16.self, datagram, offset + 2)) {
            case Int32(NDA_DST): address = ipAddress(value, family: family)
            case Int32(NDA_LLADDR): mac = macAddress(value)
            default: break
            }
            offset += aligned(length)
        }
        guard family == AF_INET || family == AF_INET6, let address, state & 0xFF & ~NUD_NOARP != 0 else { return nil }
        let states = stateNames.filter { state & $0.bit != 0 }.map(\.name)
        return NeighbourEntry(address: address, mac: mac, interface: interfaceName(interfaceIndex), states: states)
    }

    private static func ipAddress(_ bytes: ArraySlice<UInt8>, family: Int32) -> IPAddress? {
        switch (family, bytes.count) {
        case (AF_INET, 4):
            return IPAddress(bytes.map(String.init).joined(separator: "."))
        case (AF_INET6, 16):
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let written = Array(bytes).withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &text, socklen_t(text.count)) }
            return written == nil ? nil : IPAddress(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        default:
            return nil
        }
    }

    /// Six bytes are an Ethernet or Wi-Fi address; other link layers (tunnels) have none.
    private static func macAddress(_ bytes: ArraySlice<UInt8>) -> MACAddress? {
        guard bytes.count == 6 else { return nil }
        return MACAddress(bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: ":"))
    }

    private static func load<Value: FixedWidthInteger>(_ type: Value.Type, _ bytes: [UInt8], _ offset: Int) -> Value {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: type) }
    }

    private static func aligned(_ length: Int) -> Int { (length + 3) & ~3 }
}
