import Foundation
import NetsnapLanguage
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
            parts.append(wording(EventPhrase.lossOverThreshold, ["loss": spoken(loss), "threshold": spoken(lossThresholdPercent)]))
        }
        if let jitter = target.jitterMs, jitter > jitterThresholdMs {
            parts.append(wording(EventPhrase.jitterOverThreshold, ["jitter": spoken(jitter), "threshold": spoken(jitterThresholdMs)]))
        }
        return parts.isEmpty ? nil : wording.list(parts)
    }

    private func qualityEvent(_ kind: NetworkEvent.Kind, _ target: MonitoringTarget, reason: String?, at: Date) -> NetworkEvent {
        let key = target.id.uuidString
        var data = ["targetId": key, "name": target.name, "protocol": target.probeProtocol.rawValue]
        data["lossPercent"] = target.lossPercent.map(Self.format)
        data["jitterMs"] = target.jitterMs.map(Self.format)
        let title = wording(kind == .targetDegraded ? EventPhrase.targetDegraded : .targetHealthy, ["name": target.name])
        func text(_ shown: String) -> String {
            guard let reason else { return wording(EventPhrase.qualityWithinThresholds, ["target": shown]) }
            return wording(EventPhrase.qualityProblems, ["target": shown, "problems": reason])
        }
        var full = data
        full["host"] = target.host
        return NetworkEvent(
            kind: kind, occurredAt: at, subjectKey: key,
            wording: .init(title: title, text: text(wording.named(target.name, target.host)), data: full),
            publicWording: .init(title: title, text: text(target.name), data: data))
    }
}
