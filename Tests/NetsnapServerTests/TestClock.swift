import Foundation
import NIOConcurrencyHelpers

/// A clock tests set and advance by hand.
final class TestClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    init(_ date: Date = Date(timeIntervalSince1970: 1_795_000_000)) { current = NIOLockedValueBox(date) }

    var now: Date { current.withLockedValue { $0 } }

    func advance(by seconds: TimeInterval) { current.withLockedValue { $0.addTimeInterval(seconds) } }

    var reading: @Sendable () -> Date { { self.now } }
}
