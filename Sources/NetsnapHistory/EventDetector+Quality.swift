import Foundation
import NetsnapModel

extension EventDetector {
    /// A target that answers but loses or varies too much — over `lossThresholdPercent` or
    /// `jitterThresholdMs` for `failuresBeforeEvent` observations in a row — is degraded;
    /// within both again, healthy at once. A target that stops answering leaves the degraded
    /// ones quietly: its down and recovered events tell that story.
    func detectQuality(_ targets: [MonitoringTarget], at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        var counts = state.degradedCounts ?? [:]
        var degraded = state.targetsDegraded ?? []
        for target in targets {
            let key = target.id.uuidString
            guard target.isOnline else {
                counts[key] = nil
                degraded.remove(key)
                continue
            }
            guard let reason = qualityProblem(target) else {
                counts[key] = nil
                if degraded.remove(key) != nil { events.append(qualityEvent(.targetHealthy, target, reason: nil, at: at)) }
                continue
            }
            let count = (counts[key] ?? 0) + 1
            counts[key] = count
            if count >= failuresBeforeEvent, degraded.insert(key).inserted {
                events.append(qualityEvent(.targetDegraded, target, reason: reason, at: at))
            }
        }
        state.degradedCounts = counts.isEmpty ? nil : counts
        state.targetsDegraded = degraded.isEmpty ? nil : degraded
    }

    /// "20 % loss (threshold 5 %)", "45 ms jitter (threshold 30 ms)", both joined; nil within them.
    private func qualityProblem(_ target: MonitoringTarget) -> String? {
        var parts: [String] = []
        if let loss = target.lossPercent, loss > lossThresholdPercent {
            parts.append("\(Self.format(loss)) % loss (threshold \(Self.format(lossThresholdPercent)) %)")
        }
        if let jitter = target.jitterMs, jitter > jitterThresholdMs {
            parts.append("\(Self.format(jitter)) ms jitter (threshold \(Self.format(jitterThresholdMs)) ms)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private func qualityEvent(_ kind: NetworkEvent.Kind, _ target: MonitoringTarget, reason: String?, at: Date) -> NetworkEvent {
        let key = target.id.uuidString
        var data = ["targetId": key, "name": target.name, "protocol": target.probeProtocol.rawValue]
        data["lossPercent"] = target.lossPercent.map(Self.format)
        data["jitterMs"] = target.jitterMs.map(Self.format)
        let title = kind == .targetDegraded ? "\(target.name) is degraded" : "\(target.name) is healthy again"
        let detail = reason.map { ": \($0)" } ?? " (loss and jitter within their thresholds)"
        var full = data
        full["host"] = target.host
        return NetworkEvent(
            kind: kind, occurredAt: at, subjectKey: key,
            wording: .init(title: title, text: "\(target.name) (\(target.host))\(detail).", data: full),
            publicWording: .init(title: title, text: "\(target.name)\(detail).", data: data))
    }
}
