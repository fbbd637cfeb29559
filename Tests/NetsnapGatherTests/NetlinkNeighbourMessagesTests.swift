import Foundation
import NetsnapModel
import Testing

@testable import NetsnapGather

/// The rtnetlink neighbour dump, parsed from hand-built reply datagrams (host byte order,
/// 4-byte alignment, the kernel's numbers written out so the test does not share the shim).
@Suite struct NetlinkNeighbourMessagesTests {
    private static let sequence: UInt32 = 0x5eed
    private static let names: [Int32: String] = [2: "eth0", 3: "wlan0"]

    @Test func requestAsksForTheWholeTable() {
        let request = NetlinkNeighbourMessages.dumpRequest(sequence: 7)
        #expect(request.count == 28)  // nlmsghdr 16 + ndmsg 12
        #expect(request[0..<4] == bytes(UInt32(28))[...])
        #expect(request[4..<6] == bytes(UInt16(30))[...])  // RTM_GETNEIGH
        #expect(request[6..<8] == bytes(UInt16(0x301))[...])  // NLM_F_REQUEST | NLM_F_DUMP
        #expect(request[8..<12] == bytes(UInt32(7))[...])
        #expect(request[16...].allSatisfy { $0 == 0 })  // AF_UNSPEC, every interface
    }

    @Test func multiPartDumpWithIPv4AndIPv6EndsAtDone() throws {
        let first =
            neighbour(family: 2, interface: 2, state: 0x02, destination: [192, 168, 0, 1], mac: [0xa4, 0x2b, 0xb0, 0x11, 0x22, 0x30])
            + neighbour(
                family: 10, interface: 3, state: 0x04,
                destination: [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x02, 0x11, 0x22, 0xff, 0xfe, 0x33, 0x44, 0x55],
                mac: [0x3c, 0x22, 0xfb, 0xaa, 0xbb, 0xcc])
        let part = try parse(first)
        #expect(!part.isDone)
        #expect(
            part.entries == [
                NeighbourEntry(
                    address: IPAddress("192.168.0.1")!, mac: MACAddress("a4:2b:b0:11:22:30"), interface: "eth0", states: ["REACHABLE"]),
                NeighbourEntry(
                    address: IPAddress("fe80::211:22ff:fe33:4455")!, mac: MACAddress("3c:22:fb:aa:bb:cc"), interface: "wlan0",
                    states: ["STALE"]),
            ])

        let last = try parse(neighbour(family: 2, interface: 9, state: 0x20, destination: [192, 168, 0, 77], mac: nil) + done())
        #expect(last.isDone)
        #expect(last.entries == [NeighbourEntry(address: IPAddress("192.168.0.77")!, mac: nil, interface: "if9", states: ["FAILED"])])
        #expect(last.entries.first?.status == .offline)
    }

    @Test func statesMapAsIPNeighPrintsThem() throws {
        let states: [(UInt16, [String], LocalDevice.Status?)] = [
            (0x01, ["INCOMPLETE"], .offline), (0x02, ["REACHABLE"], .active), (0x04, ["STALE"], .idle),
            (0x08, ["DELAY"], .active), (0x10, ["PROBE"], .active), (0x20, ["FAILED"], .offline), (0x80, ["PERMANENT"], .idle),
        ]
        let datagram = states.enumerated().flatMap { index, state in
            neighbour(
                family: 2, interface: 2, state: state.0, destination: [10, 0, 0, UInt8(index + 1)],
                mac: [0, 0x17, 0x88, 0, 0, UInt8(index)])
        }
        let entries = try parse(datagram).entries
        #expect(entries.map(\.states) == states.map { $0.1 })
        #expect(entries.map(\.status) == states.map { $0.2 })
    }

    @Test func noarpAndNoneEntriesAreLeftOutLikeIPNeighDoes() throws {
        let multicast: [UInt8] = [0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x16]
        let datagram =
            neighbour(family: 10, interface: 2, state: 0x40, destination: multicast, mac: [0x33, 0x33, 0, 0, 0, 0x16])
            + neighbour(family: 2, interface: 2, state: 0x00, destination: [10, 0, 0, 9], mac: nil)
            + neighbour(family: 7, interface: 2, state: 0x80, destination: nil, mac: [2, 0, 0, 0, 0, 1])  // AF_BRIDGE fdb
        #expect(try parse(datagram).entries.isEmpty)
    }

    @Test func otherAttributesAndOddLinkLayersAreSkipped() throws {
        // NDA_CACHEINFO (16 bytes) and NDA_PROBES before the address; a 4-byte tunnel lladdr.
        let cacheInfo = attribute(type: 3, Array(repeating: 0xAB, count: 16))
        let probes = attribute(type: 4, bytes(UInt32(3)))
        let datagram = neighbour(
            family: 2, interface: 2, state: 0x02, destination: [10, 1, 2, 3], mac: [10, 0, 0, 1], before: cacheInfo + probes)
        #expect(
            try parse(datagram).entries == [
                NeighbourEntry(address: IPAddress("10.1.2.3")!, mac: nil, interface: "eth0", states: ["REACHABLE"])
            ])
    }

    @Test func messagesOfOtherSequencesAreSkipped() throws {
        let stray =
            neighbour(family: 2, interface: 2, state: 0x02, destination: [10, 0, 0, 1], mac: nil, sequence: 99) + done(sequence: 99)
        let part = try parse(stray + neighbour(family: 2, interface: 2, state: 0x02, destination: [10, 0, 0, 2], mac: nil))
        #expect(!part.isDone)
        #expect(part.entries.map(\.address.text) == ["10.0.0.2"])
    }

    @Test func kernelErrorsThrowTheirErrno() {
        #expect(throws: NetlinkError.kernel(EPERM)) { try parse(message(type: 2, bytes(Int32(-EPERM)) + Array(repeating: 0, count: 16))) }
        #expect(throws: NetlinkError.kernel(EINTR)) { try parse(done(code: -EINTR)) }
    }

    @Test func acknowledgementIsNotAnError() throws {
        let part = try parse(message(type: 2, bytes(Int32(0)) + Array(repeating: 0, count: 16)) + done())
        #expect(part == NetlinkNeighbourMessages.Part(entries: [], isDone: true))
    }

    @Test func brokenFramingIsMalformed() {
        var overrun = neighbour(family: 2, interface: 2, state: 0x02, destination: [10, 0, 0, 1], mac: nil)
        overrun.replaceSubrange(0..<4, with: bytes(UInt32(overrun.count + 8)))
        #expect(throws: NetlinkError.self) { try parse(overrun) }

        var attributeOverrun = neighbour(family: 2, interface: 2, state: 0x02, destination: [10, 0, 0, 1], mac: nil)
        attributeOverrun.replaceSubrange(28..<30, with: bytes(UInt16(64)))  // the NDA_DST length
        #expect(throws: NetlinkError.self) { try parse(attributeOverrun) }

        #expect(throws: NetlinkError.self) {
            try parse(neighbour(family: 2, interface: 2, state: 0x02, destination: [10, 0, 0, 1], mac: nil) + [1, 2, 3])
        }
        #expect(throws: NetlinkError.self) { try parse(message(type: 28, [2, 0, 0, 0])) }  // ndmsg cut short
    }

    @Test func theHostTableReadsWithoutError() throws {
        // Asks this host's kernel for its table: no packet leaves the machine.
        let entries = try NetlinkNeighbourTable.read()
        #expect(entries.allSatisfy { !$0.interface.isEmpty && !$0.states.isEmpty })
    }

    // MARK: Building replies

    private func parse(_ datagram: [UInt8]) throws -> NetlinkNeighbourMessages.Part {
        try NetlinkNeighbourMessages.parse(datagram, sequence: Self.sequence) { Self.names[$0] ?? "if\($0)" }
    }

    private func bytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    private func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + Array(repeating: 0, count: (4 - bytes.count % 4) % 4) }

    /// An nlmsghdr (length, type, flags NLM_F_MULTI, sequence, port 0) and its padded payload.
    private func message(type: UInt16, _ payload: [UInt8], sequence: UInt32 = sequence) -> [UInt8] {
        let header = bytes(UInt32(16 + payload.count)) + bytes(type) + bytes(UInt16(0x2)) + bytes(sequence) + bytes(UInt32(0))
        return padded(header + payload)
    }

    private func attribute(type: UInt16, _ value: [UInt8]) -> [UInt8] { padded(bytes(UInt16(4 + value.count)) + bytes(type) + value) }

    /// RTM_NEWNEIGH: ndmsg (family, padding, ifindex, state, flags, type) and NDA_DST / NDA_LLADDR.
    private func neighbour(
        family: UInt8, interface: Int32, state: UInt16, destination: [UInt8]?, mac: [UInt8]?, before: [UInt8] = [],
        sequence: UInt32 = sequence
    ) -> [UInt8] {
        let header = [family, 0, 0, 0] + bytes(interface) + bytes(state) + [0, 1]
        let attributes = before + (destination.map { attribute(type: 1, $0) } ?? []) + (mac.map { attribute(type: 2, $0) } ?? [])
        return message(type: 28, header + attributes, sequence: sequence)
    }

    private func done(code: Int32 = 0, sequence: UInt32 = sequence) -> [UInt8] { message(type: 3, bytes(code), sequence: sequence) }
}
