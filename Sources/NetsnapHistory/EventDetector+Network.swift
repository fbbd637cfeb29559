import Foundation
import NetsnapLanguage
import NetsnapModel

extension EventDetector {
    func detectConnection(_ snapshot: Snapshot, at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        let status = snapshot.status
        state.noteFailing("connection", !status.isConnected, at: at)
        if status.isConnected {
            if state.disconnected {
                let text = wording(EventPhrase.networkBack, ["connection": connectionWord(status.connectionType)])
                events.append(
                    NetworkEvent(
                        kind: .connectionRestored, occurredAt: at, subjectKey: "connection",
                        wording: .init(
                            title: wording(EventPhrase.connectionRestored), text: text,
                            data: ["connectionType": status.connectionType.rawValue])))
            }
            state.disconnected = false
            state.disconnectedCount = 0
            return
        }
        state.disconnectedCount += 1
        if !state.disconnected, state.disconnectedCount >= failuresBeforeEvent {
            state.disconnected = true
            // The data's reason stays English: machines read it.
            let noNetwork = status.connectionType == .none
            let text = wording(noNetwork ? EventCountPhrase.noUsableNetwork : .noGateway, count: state.disconnectedCount)
            events.append(
                NetworkEvent(
                    kind: .connectionLost, occurredAt: at, subjectKey: "connection",
                    wording: .init(
                        title: wording(EventPhrase.connectionLost), text: text,
                        data: [
                            "reason": noNetwork ? "no usable network" : "no gateway", "since": state.failingSinceText("connection", or: at),
                        ])))
        }
    }

    /// The connection's kind in the event's words (`wifi` in English, as the data has it).
    private func connectionWord(_ type: NetworkStatus.ConnectionType) -> String {
        switch type {
        case .wifi: wording(EventPhrase.connectionWifi)
        case .ethernet: wording(EventPhrase.connectionEthernet)
        case .cellular: wording(EventPhrase.connectionCellular)
        case .none: wording(EventPhrase.connectionNone)
        }
    }

    func detectGateway(_ status: NetworkStatus, at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        let key = [status.gatewayIP?.text, status.gatewayMAC?.text].compactMap { $0 }.joined(separator: " ")
        if !key.isEmpty {
            if let previous = state.gatewayKey, previous != key {
                let title = wording(EventPhrase.gatewayChanged)
                events.append(
                    NetworkEvent(
                        kind: .gatewayChanged, occurredAt: at, subjectKey: "gateway",
                        wording: .init(
                            title: title, text: wording(EventPhrase.gatewayNow, ["gateway": key, "previous": previous]),
                            data: ["from": previous, "to": key]),
                        publicWording: .init(title: title, text: wording(EventPhrase.differentGateway))))
            }
            state.gatewayKey = key
        }
        guard let latency = status.gatewayLatency else { return }
        if latency > latencyThresholdMs {
            state.slowGatewayCount += 1
            if !state.gatewaySlow, state.slowGatewayCount >= failuresBeforeEvent {
                state.gatewaySlow = true
                let text = wording(EventPhrase.latencyOverThreshold, ["latency": spoken(latency), "threshold": spoken(latencyThresholdMs)])
                events.append(
                    NetworkEvent(
                        kind: .latencyHigh, occurredAt: at, subjectKey: "gateway",
                        wording: .init(
                            title: wording(EventPhrase.latencyHigh), text: text,
                            data: ["latencyMs": Self.format(latency), "thresholdMs": Self.format(latencyThresholdMs)])))
            }
        } else {
            if state.gatewaySlow {
                events.append(
                    NetworkEvent(
                        kind: .latencyNormal, occurredAt: at, subjectKey: "gateway",
                        wording: .init(
                            title: wording(EventPhrase.latencyNormal), text: wording(EventPhrase.latencyBack, ["latency": spoken(latency)]),
                            data: ["latencyMs": Self.format(latency)])))
            }
            state.gatewaySlow = false
            state.slowGatewayCount = 0
        }
    }
}
