import NIOConcurrencyHelpers
import NIOCore

/// Every open connection of one server, across its event loops: what each is doing, how
/// many come from each address, and which one gives way when all slots are taken.
///
/// Slow clients must not starve prompt ones. A connection that has sent a whole request is
/// being served and keeps its slot; one that has not (it trickles its request in, or waits
/// idle between requests) is the first to go when a new client needs a slot — the one
/// longest in that state first. One address holds at most `perAddress` connections. A
/// connection that finds no slot is told so (503) at once rather than left in the listen
/// queue, where it would wait behind slow clients the server cannot see yet.
final class ConnectionRegistry: Sendable {
    /// What a connection is doing, as far as slots go.
    enum Phase: Sendable {
        /// Connected or between requests, nothing of the next request yet.
        case waiting
        /// Part of a request has arrived.
        case readingRequest
        /// A whole request arrived; its response is under way.
        case served
    }

    /// What a new connection gets.
    enum Admission {
        /// A slot, for which `evicting` (if any) must be closed.
        case admitted(evicting: (any Channel)?)
        /// No slot: its address holds its share, or every slot serves a whole request.
        case refused
    }

    private struct Entry {
        let channel: any Channel
        let address: String
        var phase: Phase
        /// When the connection entered its phase, on a counter that only grows.
        var since: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var perAddress: [String: Int] = [:]
        var served = 0
        var clock: UInt64 = 0

        mutating func remove(_ id: ObjectIdentifier) -> Entry? {
            guard let entry = entries.removeValue(forKey: id) else { return nil }
            perAddress[entry.address, default: 1] -= 1
            if perAddress[entry.address] == 0 { perAddress[entry.address] = nil }
            if entry.phase == .served { served -= 1 }
            return entry
        }
    }

    /// At most this many connections in all.
    let total: Int
    /// At most this many connections from one address.
    let perAddress: Int
    private let state = NIOLockedValueBox(State())

    init(total: Int, perAddress: Int) {
        self.total = max(1, total)
        self.perAddress = max(1, perAddress)
    }

    /// How many connections are open.
    var count: Int { state.withLockedValue { $0.entries.count } }

    /// Registers `channel` from `address` (its IP address; one key for all unknown ones).
    func admit(_ channel: any Channel, address: String) -> Admission {
        state.withLockedValue { state in
            guard state.perAddress[address, default: 0] < perAddress else { return .refused }
            var evicted: (any Channel)?
            if state.entries.count >= total {
                let oldest = state.entries.lazy.filter { $0.value.phase != .served }.min { $0.value.since < $1.value.since }
                guard let oldest else { return .refused }
                evicted = state.remove(oldest.key)?.channel
            }
            state.clock += 1
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, address: address, phase: .waiting, since: state.clock)
            state.perAddress[address, default: 0] += 1
            return .admitted(evicting: evicted)
        }
    }

    /// Notes that `channel` entered `phase`, or entered it again (a request read and answered
    /// in one go is told as one step, waiting to waiting: it is then the newest waiting).
    func enter(_ phase: Phase, _ channel: any Channel) {
        state.withLockedValue { state in
            let id = ObjectIdentifier(channel)
            guard var entry = state.entries[id] else { return }
            if entry.phase == .served { state.served -= 1 }
            if phase == .served { state.served += 1 }
            state.clock += 1
            entry.phase = phase
            entry.since = state.clock
            state.entries[id] = entry
        }
    }

    /// Forgets `channel` (closed, or evicted earlier: then nothing happens).
    func remove(_ channel: any Channel) {
        _ = state.withLockedValue { $0.remove(ObjectIdentifier(channel)) }
    }
}
