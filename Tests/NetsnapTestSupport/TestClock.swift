import Foundation
import NIOConcurrencyHelpers

/// A clock tests set and advance by hand.
public final class TestClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    public init(_ date: Date = Date(timeIntervalSince1970: 1_795_000_000)) { current = NIOLockedValueBox(date) }

    public var now: Date { current.withLockedValue { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLockedValue { $0.addTimeInterval(seconds) } }

    public var reading: @Sendable () -> Date { { self.now } }
}
