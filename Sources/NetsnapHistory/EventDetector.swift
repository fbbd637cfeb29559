import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel

/// Finds events between consecutive snapshots. Bad news waits for `failuresBeforeEvent`
/// consecutive observations (one lost ping is not an outage); good news is reported at once.
/// Pure: state and snapshot in, events and new state out.
public struct EventDetector: Sendable {
    /// Consecutive observations before "down", "latency high", "device gone", "connection lost".
    public var failuresBeforeEvent: Int
    /// Gateway latency above this (ms) counts as high.
    public var latencyThresholdMs: Double
    /// An answering target losing more of its echoes (%) or varying more (ms) than these is degraded.
    public var lossThresholdPercent: Double
    public var jitterThresholdMs: Double
    /// The language events are worded in when detected; stored events keep their words.
    public var wording: Wording
    /// When the line's measured speed counts as short; nil: no speed events.
    public var speedAlert: SpeedAlert?

    public init(
        failuresBeforeEvent: Int = 3, latencyThresholdMs: Double = 100, lossThresholdPercent: Double = 5, jitterThresholdMs: Double = 30,
        wording: Wording = .posix, speedAlert: SpeedAlert? = nil
    ) {
        self.speedAlert = speedAlert
        self.failuresBeforeEvent = max(1, failuresBeforeEvent)
        self.latencyThresholdMs = latencyThresholdMs
        self.lossThresholdPercent = lossThresholdPercent
        self.jitterThresholdMs = jitterThresholdMs
        self.wording = wording
    }

    /// `devicesKnown` is false while a message stream has sent no device list yet: an empty
    /// list then means "not told", not "everyone left".
    func detect(_ snapshot: Snapshot, devicesKnown: Bool = true, state: inout DetectorState) -> [NetworkEvent] {
        let at = snapshot.generatedAt
        var events: [NetworkEvent] = []
        detectConnection(snapshot, at: at, state: &state, into: &events)
        detectGateway(snapshot.status, at: at, state: &state, into: &events)
        detectTargets(snapshot.targets, at: at, state: &state, into: &events)
        detectQuality(snapshot.targets, at: at, state: &state, into: &events)
        detectSpeed(snapshot.speed, state: &state, into: &events)
        if devicesKnown {
            detectDevices(snapshot.devices, at: at, state: &state, into: &events)
            state.hasDeviceBaseline = true
        }
        return events
    }

    func detectTargets(_ targets: [MonitoringTarget], at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        for target in targets {
            let key = target.id.uuidString
            state.noteFailing(key, !target.isOnline, at: at)
            if target.isOnline {
                if state.targetsDown.remove(key) != nil { events.append(recovered(target, at: at)) }
                state.targetFailures[key] = nil
                continue
            }
            let failures = (state.targetFailures[key] ?? 0) + 1
            state.targetFailures[key] = failures
            if failures >= failuresBeforeEvent, state.targetsDown.insert(key).inserted {
                events.append(down(target, failures: failures, since: state.failingSinceText(key, or: at), at: at))
            }
        }
    }

    private func recovered(_ target: MonitoringTarget, at: Date) -> NetworkEvent {
        let key = target.id.uuidString
        let data = ["targetId": key, "name": target.name, "host": target.host, "protocol": target.probeProtocol.rawValue]
        let publicData = ["targetId": key, "name": target.name, "protocol": target.probeProtocol.rawValue]
        let title = wording(EventPhrase.targetRecovered, ["name": target.name])
        let latency = target.currentLatency.map(spoken)
        func text(_ shown: String) -> String {
            guard let latency else { return wording(EventPhrase.reachableAgain, ["target": shown]) }
            return wording(EventPhrase.reachableAgainWithLatency, ["target": shown, "latency": latency])
        }
        return NetworkEvent(
            kind: .targetRecovered, occurredAt: at, subjectKey: key,
            wording: .init(title: title, text: text(wording.named(target.name, target.host)), data: data),
            publicWording: .init(title: title, text: text(target.name), data: publicData))
    }

    /// `since`: when the outage began, at the run's first failure, confirmed only now.
    private func down(_ target: MonitoringTarget, failures: Int, since: String, at: Date) -> NetworkEvent {
        let key = target.id.uuidString
        let probe = target.probeProtocol.rawValue
        var fullData = ["targetId": key, "name": target.name, "host": target.host, "protocol": probe, "since": since]
        var shownData = ["targetId": key, "name": target.name, "protocol": probe, "since": since]
        // Why, when the producer says ("…: connection refused"); the public wording leaves
        // out a reason that names the host it hides.
        let publicReason = target.lastError?.localizedCaseInsensitiveContains(target.host) == true ? nil : target.lastError
        fullData["lastError"] = target.lastError
        shownData["lastError"] = publicReason
        func text(_ shown: String, _ reason: String?) -> String {
            guard let reason else { return wording(EventCountPhrase.failedChecks, count: failures, ["target": shown]) }
            return wording(EventCountPhrase.failedChecksBecause, count: failures, ["target": shown, "reason": wording.reason(reason)])
        }
        let title = wording(EventPhrase.targetDown, ["name": target.name])
        return NetworkEvent(
            kind: .targetDown, occurredAt: at, subjectKey: key,
            wording: .init(title: title, text: text(wording.named(target.name, target.host, probe), target.lastError), data: fullData),
            publicWording: .init(title: title, text: text(wording.named(target.name, probe), publicReason), data: shownData))
    }

    /// A measurement for `data`: one decimal at most, as JSON writes numbers.
    static func format(_ value: Double) -> String {
        JSONWriter.format((value * 10).rounded() / 10)
    }

    /// A measurement for the words: one decimal at most, in the language's digits.
    func spoken(_ value: Double) -> String {
        wording.trimmedDecimal(value)
    }
}
