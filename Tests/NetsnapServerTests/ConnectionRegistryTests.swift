import NIOCore
import NIOEmbedded
import Testing

@testable import NetsnapServer

/// Which connection gives way when all slots are taken, as tickets tell the registry of
/// their requests: the one longest waiting or reading, never one being served.
@Suite struct ConnectionRegistryTests {
    private let registry = ConnectionRegistry(total: 2, perAddress: 8)

    private func ticket(_ channel: EmbeddedChannel) -> ConnectionTicket {
        let ticket = ConnectionTicket(registry: registry, channel: channel, headerTimeout: .seconds(3), idleTimeout: .seconds(30))
        #expect(ticket.admit())
        return ticket
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
        let first = EmbeddedChannel()
        let second = EmbeddedChannel()
        let firstTicket = ticket(first)
        let secondTicket = ticket(second)
        secondTicket.answeredAtOnce()
        firstTicket.bytesArrived()
        firstTicket.answeredAtOnce()
        #expect(try evictedByANewcomer() == ObjectIdentifier(second))
    }

    @Test func aRequestStillBeingReadAfterItsBytesWentThroughIsToldToTheRegistry() throws {
        let first = EmbeddedChannel()
        let second = EmbeddedChannel()
        let firstTicket = ticket(first)
        let secondTicket = ticket(second)
        firstTicket.answeredAtOnce()
        secondTicket.answeredAtOnce()
        firstTicket.bytesArrived()
        firstTicket.readHandled()
        #expect(try evictedByANewcomer() == ObjectIdentifier(second), "reading since just now: the second waited longer")
    }

    @Test func aConnectionBeingServedIsNeverEvicted() throws {
        let first = EmbeddedChannel()
        let second = EmbeddedChannel()
        let firstTicket = ticket(first)
        _ = ticket(second)
        firstTicket.requestEnded()
        #expect(try evictedByANewcomer() == ObjectIdentifier(second))
    }
}
