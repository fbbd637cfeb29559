import NIOCore
import NIOEmbedded
import Testing

@testable import NetsnapServer

/// Which connection gives way when all slots are taken, as tickets tell the registry of
/// their requests: the one longest waiting or reading, never one being served.
@Suite struct ConnectionRegistryTests {
    private let registry = ConnectionRegistry(total: 2, perAddress: 8)

    /// Two connections admitted, the first before the second.
    private func twoConnections() -> (first: ConnectionTicket, second: ConnectionTicket) {
        let tickets = (0..<2).map { _ in
            ConnectionTicket(registry: registry, channel: EmbeddedChannel(), headerTimeout: .seconds(3), idleTimeout: .seconds(30))
        }
        for ticket in tickets { #expect(ticket.admit()) }
        return (tickets[0], tickets[1])
    }

    /// The channel a third connection evicts.
    private func evictedByANewcomer() throws -> ObjectIdentifier? {
        guard case .admitted(let evicted) = registry.admit(EmbeddedChannel(), address: "newcomer") else {
            Issue.record("refused")
            return nil
        }
        return ObjectIdentifier(try #require(evicted))
    }

    @Test func aRequestAnsweredFromItsBytesMakesItsConnectionTheNewestWaiting() throws {
        let (first, second) = twoConnections()
        second.answeredAtOnce()
        first.bytesArrived()
        first.answeredAtOnce()
        #expect(try evictedByANewcomer() == ObjectIdentifier(second.channel))
    }

    @Test func aRequestStillBeingReadAfterItsBytesWentThroughIsToldToTheRegistry() throws {
        let (first, second) = twoConnections()
        first.answeredAtOnce()
        second.answeredAtOnce()
        first.bytesArrived()
        first.readHandled()
        #expect(try evictedByANewcomer() == ObjectIdentifier(second.channel), "reading since just now: the second waited longer")
    }

    @Test func aConnectionBeingServedIsNeverEvicted() throws {
        let (first, second) = twoConnections()
        first.requestEnded()
        #expect(try evictedByANewcomer() == ObjectIdentifier(second.channel))
    }
}
