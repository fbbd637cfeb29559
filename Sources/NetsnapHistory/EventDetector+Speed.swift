import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel

extension EventDetector {
    /// Each speed result is judged once, however many snapshots carry it: `afterRuns`
    /// short results in a row report the line slow, one result over the threshold reports it
    /// up to speed again. A result measuring neither direction says nothing.
    func detectSpeed(_ result: SpeedResult?, state: inout DetectorState, into events: inout [NetworkEvent]) {
        guard let alert = speedAlert, let result, let slowest = result.slowestMbps else { return }
        let measuredAt = result.measuredAt.timeIntervalSince1970
        guard state.speedJudgedAt.map({ measuredAt > $0 }) ?? true else { return }
        state.speedJudgedAt = measuredAt
        if slowest < alert.belowMbps {
            let runs = (state.speedShortRuns ?? 0) + 1
            state.speedShortRuns = runs
            if runs >= alert.afterRuns, state.speedLow != true {
                state.speedLow = true
                events.append(speedEvent(.speedLow, result, alert: alert, runs: runs))
            }
        } else {
            state.speedShortRuns = nil
            if state.speedLow == true {
                state.speedLow = nil
                events.append(speedEvent(.speedNormal, result, alert: alert, runs: 0))
            }
        }
    }

    private func speedEvent(_ kind: NetworkEvent.Kind, _ result: SpeedResult, alert: SpeedAlert, runs: Int) -> NetworkEvent {
        let threshold = spoken(alert.belowMbps)
        let download = result.downloadMbps.map(spoken) ?? "–"
        let upload = result.uploadMbps.map(spoken) ?? "–"
        let low = kind == .speedLow
        let title = wording(low ? EventPhrase.speedLow : .speedNormal)
        let text =
            low
            ? wording(
                EventCountPhrase.speedUnderThreshold, count: runs, ["threshold": threshold, "download": download, "upload": upload])
            : wording(EventPhrase.speedOverThreshold, ["threshold": threshold, "download": download, "upload": upload])
        var data = ["thresholdMbps": Self.format(alert.belowMbps), "measuredAt": RFC3339.format(result.measuredAt)]
        data["downloadMbps"] = result.downloadMbps.map(Self.format)
        data["uploadMbps"] = result.uploadMbps.map(Self.format)
        if low { data["runs"] = "\(runs)" }
        return NetworkEvent(
            kind: kind, occurredAt: result.measuredAt, subjectKey: "speed", wording: .init(title: title, text: text, data: data))
    }
}
