import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct NeighbourEntryTests {
    @Test func ipNeighbourJSONMapsStates() throws {
        let entries = try #require(NeighbourEntry.parseIPNeighbourJSON(Fixture.bytes("ip-neigh.json")))
        let status = Dictionary(uniqueKeysWithValues: entries.map { ($0.address.text, $0.status) })
        #expect(status["192.168.0.1"] == .active)  // REACHABLE
        #expect(status["192.168.0.23"] == .idle)  // STALE
        #expect(status["192.168.0.40"] == .active)  // DELAY
        #expect(status["192.168.0.41"] == .active)  // PROBE
        #expect(status["192.168.0.77"] == .offline)  // FAILED
        #expect(status["192.168.0.78"] == .offline)  // INCOMPLETE
        #expect(status["192.168.0.90"] == .idle)  // PERMANENT
        #expect(status["ff02::16"] == .some(nil))  // NOARP: not a host
        let gateway = try #require(entries.first { $0.address.text == "192.168.0.1" })
        #expect(gateway.mac == MACAddress("a4:2b:b0:11:22:30"))
        #expect(gateway.interface == "eth0")
        #expect(entries.first { $0.address.text == "192.168.0.77" }?.mac == nil)
    }

    @Test func malformedJSONIsNil() {
        #expect(NeighbourEntry.parseIPNeighbourJSON(Array("[{".utf8)) == nil)
    }

    @Test func procARPCompleteAndIncomplete() throws {
        let entries = NeighbourEntry.parseProcARP(try Fixture.text("proc-net-arp"))
        #expect(entries.count == 3)
        #expect(
            entries[0]
                == NeighbourEntry(
                    address: IPAddress("192.168.0.1")!, mac: MACAddress("a4:2b:b0:11:22:30"), interface: "eth0", states: ["STALE"]))
        #expect(entries[0].status == .idle)
        #expect(entries[2].mac == nil)
        #expect(entries[2].status == .offline)
    }
}
