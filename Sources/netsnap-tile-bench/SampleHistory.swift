import Foundation
import NetsnapModel

/// A made-up but realistic day of history for the sample snapshot: gateway latency that
/// rises and falls through the day, an outage with nothing measured, one spike, and
/// uptimes that differ per target. Deterministic, so timings and pictures repeat.
enum SampleHistory {
    static func summary(for snapshot: Snapshot) -> HistorySummary {
        let count = 48
        let gateway: [Double?] = (0..<count).map { index in
            // Half-hour buckets: an outage from 07:00 to 08:30 and a spike at 17:30.
            if (14...17).contains(index) { return nil }
            if index == 35 { return 38 }
            let day = sin(Double(index) / Double(count) * 2 * .pi - 1.2)
            let ripple = sin(Double(index) * 1.7) * 0.4
            return 4.2 + 2.2 * day + ripple
        }
        func series(_ points: [Double?]) -> HistorySummary.LatencySeries {
            HistorySummary.LatencySeries(bucketSeconds: 1800, endsAt: snapshot.generatedAt, points: points)
        }
        let uptimes: [Double?] = [97.9, 100, 99.96, 100, 88.5, nil]
        let targets = snapshot.targets.enumerated().map { index, target in
            HistorySummary.TargetUptime(
                targetID: target.id, name: target.name, uptime24h: uptimes[index % uptimes.count], uptime7d: 99.1,
                latency: series(gateway.map { $0.map { $0 * Double(index + 2) } }))
        }
        return HistorySummary(gatewayLatency: series(gateway), targets: targets)
    }
}
