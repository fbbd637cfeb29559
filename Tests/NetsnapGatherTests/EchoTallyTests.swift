import Foundation
import Testing

@testable import NetsnapGather

/// The loss and jitter of a burst of echoes, worked out by hand, and the `count` setting
/// that asks for a burst.
@Suite struct EchoTallyTests {
    private func tally(_ milliseconds: [Double?]) -> EchoTally {
        EchoTally(roundTrips: milliseconds.map { $0.map { Duration.microseconds(Int64(($0 * 1000).rounded())) } })
    }

    @Test func everyEchoAnsweredLosesNothing() {
        let burst = tally([10, 12, 11, 15])
        #expect(burst.sent == 4)
        #expect(burst.lossPercent == 0)
        // |12−10| + |11−12| + |15−11| = 2 + 1 + 4 = 7 over 3 differences.
        #expect(burst.jitterMilliseconds == 2.333)
        #expect(burst.meanRoundTrip == .microseconds(12_000))
    }

    @Test func aLostEchoCountsAndItsNeighboursBecomeConsecutive() {
        let burst = tally([20, nil, 30, 26, nil])
        #expect(burst.lossPercent == 40)
        // The answers in order are 20, 30, 26: |30−20| + |26−30| = 14 over 2.
        #expect(burst.jitterMilliseconds == 7)
        #expect(burst.meanRoundTrip.map(Gatherer.milliseconds) == 25.333)
    }

    @Test func oneAnswerHasNoJitterAndNoneHasNoMean() {
        let single = tally([nil, 4.5, nil])
        #expect(single.lossPercent == 66.667)
        #expect(single.jitterMilliseconds == nil)
        #expect(single.meanRoundTrip == .microseconds(4_500))
        let silent = tally([nil, nil])
        #expect(silent.lossPercent == 100)
        #expect(silent.jitterMilliseconds == nil)
        #expect(silent.meanRoundTrip == nil)
    }

    @Test func steadyRoundTripsHaveNoJitterHowEverLong() {
        #expect(tally(Array(repeating: 7.25, count: 50)).jitterMilliseconds == 0)
    }

    @Test func alternatingRoundTripsHaveTheirFullSwingAsJitter() {
        // RFC 3550's D for each pair is the whole swing; unsmoothed, the mean is too.
        #expect(tally([5, 45, 5, 45, 5]).jitterMilliseconds == 40)
    }

    @Test func noEchoSentIsNoFigure() {
        #expect(tally([]).lossPercent == nil)
    }

    // MARK: the count setting

    private func decode(_ json: String) throws -> GatherConfiguration {
        try GatherConfiguration.parse(section: json, file: "netsnap.yml")
    }

    @Test func countIsPerTargetWithADefaultUnderProbes() throws {
        let configuration = try decode(
            """
            {"probes": {"count": 5},
             "targets": [{"kind": "icmp", "host": "192.168.1.10", "count": 20}, {"kind": "icmp", "host": "192.168.1.11"}]}
            """)
        #expect(configuration.probes.count == 5)
        #expect(configuration.targets.map(\.count) == [20, nil])
        #expect(try decode("{}").probes.count == 1)
    }

    @Test(arguments: [
        (#"{"probes": {"count": 0}}"#, "expected an integer from 1 to 100"),
        (#"{"probes": {"count": 101}}"#, "expected an integer from 1 to 100"),
        (#"{"targets": [{"kind": "icmp", "host": "h", "count": 2.5}]}"#, ""),
        (#"{"targets": [{"kind": "tcp", "host": "h", "port": 22, "count": 5}]}"#, "only an icmp target takes a count"),
    ])
    func aBadCountIsRefused(json: String, message: String) {
        do {
            _ = try decode(json)
            Issue.record("\(json) was accepted")
        } catch {
            #expect(message.isEmpty || "\(error)".contains(message), "\(error)")
        }
    }
}
