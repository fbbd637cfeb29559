import NIOConcurrencyHelpers

/// The tile deliveries of queries already read, by the request target's raw text, so the
/// next request for a kept tile in the same spelling is a lookup rather than a parse.
/// Only deliveries that do not depend on the hour are kept (see `KeptTiles`). Bounded: at
/// `capacity` it starts afresh, so a client sending endless new spellings costs parsing,
/// never memory.
final class DeliveryMemo: Sendable {
    static let capacity = 256

    private let deliveries = NIOLockedValueBox<[String: TileDelivery]>([:])

    func delivery(for target: String) -> TileDelivery? {
        deliveries.withLockedValue { $0[target] }
    }

    func keep(_ delivery: TileDelivery, for target: String) {
        deliveries.withLockedValue { deliveries in
            if deliveries.count >= Self.capacity { deliveries.removeAll(keepingCapacity: true) }
            deliveries[target] = delivery
        }
    }

    var count: Int { deliveries.withLockedValue { $0.count } }
}
