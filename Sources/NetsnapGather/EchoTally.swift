/// What one burst of ICMP echoes to a target found: how many were sent and the round trip
/// of each, in the order sent (nil for an echo that got no answer in time).
public struct EchoTally: Sendable, Equatable {
    /// One entry per echo sent.
    public let roundTrips: [Duration?]

    public init(roundTrips: [Duration?]) {
        self.roundTrips = roundTrips
    }

    public var sent: Int { roundTrips.count }

    /// The round trips that came back, in milliseconds, in the order their echoes were sent.
    public var answeredMilliseconds: [Double] { roundTrips.compactMap { $0.map(Gatherer.milliseconds) } }

    /// The share of echoes without an answer, 0–100 %; nil when none was sent.
    public var lossPercent: Double? {
        guard sent > 0 else { return nil }
        let lost = roundTrips.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
        return Self.rounded(Double(lost) * 100 / Double(sent))
    }

    /// The mean of the answered round trips; nil when none came back.
    public var meanRoundTrip: Duration? {
        let answered = roundTrips.compactMap { $0 }
        guard !answered.isEmpty else { return nil }
        return answered.reduce(.zero, +) / answered.count
    }

    /// The mean absolute difference between consecutive answered round trips, in
    /// milliseconds: RFC 3550's D(i-1, i) averaged over the burst rather than smoothed by
    /// 1/16, since a burst is short and each check should stand on its own. A lost echo is
    /// skipped (its neighbours count as consecutive), as a receiver only sees what arrives.
    /// Nil with fewer than two answers: one round trip says nothing about its variation.
    public var jitterMilliseconds: Double? {
        let answered = answeredMilliseconds
        guard answered.count >= 2 else { return nil }
        let differences = zip(answered, answered.dropFirst()).map { abs($1 - $0) }
        return Self.rounded(differences.reduce(0, +) / Double(differences.count))
    }

    /// To the microsecond, as every latency in the snapshot.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
