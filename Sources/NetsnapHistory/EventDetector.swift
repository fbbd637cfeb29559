import Foundation
import NetsnapJSON
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

    public init(
        failuresBeforeEvent: Int = 3, latencyThresholdMs: Double = 100, lossThresholdPercent: Double = 5, jitterThresholdMs: Double = 30
    ) {
        self.failuresBeforeEvent = max(1, failuresBeforeEvent)
        self.latencyThresholdMs = latencyThresholdMs
        self.lossThresholdPercent = lossThresholdPercent
        self.jitterThresholdMs = jitterThresholdMs
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
        if devicesKnown {
            detectDevices(snapshot.devices, at: at, state: &state, into: &events)
            state.hasDeviceBaseline = true
        }
        return events
    }

    private func detectConnection(_ snapshot: Snapshot, at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        let status = snapshot.status
        state.noteFailing("connection", !status.isConnected, at: at)
        if status.isConnected {
            if state.disconnected {
                events.append(
                    NetworkEvent(
                        kind: .connectionRestored, occurredAt: at, subjectKey: "connection",
                        wording: .init(
                            title: "Connection restored", text: "The network is back (\(status.connectionType.rawValue)).",
                            data: ["connectionType": status.connectionType.rawValue])))
            }
            state.disconnected = false
            state.disconnectedCount = 0
            return
        }
        state.disconnectedCount += 1
        if !state.disconnected, state.disconnectedCount >= failuresBeforeEvent {
            state.disconnected = true
            let reason = status.connectionType == .none ? "no usable network" : "no gateway"
            events.append(
                NetworkEvent(
                    kind: .connectionLost, occurredAt: at, subjectKey: "connection",
                    wording: .init(
                        title: "Connection lost", text: "The host has \(reason) (\(state.disconnectedCount) checks in a row).",
                        data: ["reason": reason, "since": state.failingSinceText("connection", or: at)])))
        }
    }

    private func detectGateway(_ status: NetworkStatus, at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        let key = [status.gatewayIP?.text, status.gatewayMAC?.text].compactMap { $0 }.joined(separator: " ")
        if !key.isEmpty {
            if let previous = state.gatewayKey, previous != key {
                events.append(
                    NetworkEvent(
                        kind: .gatewayChanged, occurredAt: at, subjectKey: "gateway",
                        wording: .init(
                            title: "Gateway changed", text: "The gateway is now \(key) (was \(previous)).",
                            data: ["from": previous, "to": key]),
                        publicWording: .init(title: "Gateway changed", text: "The network has a different gateway.")))
            }
            state.gatewayKey = key
        }
        guard let latency = status.gatewayLatency else { return }
        if latency > latencyThresholdMs {
            state.slowGatewayCount += 1
            if !state.gatewaySlow, state.slowGatewayCount >= failuresBeforeEvent {
                state.gatewaySlow = true
                events.append(
                    NetworkEvent(
                        kind: .latencyHigh, occurredAt: at, subjectKey: "gateway",
                        wording: .init(
                            title: "Gateway latency high",
                            text: "Gateway latency is \(Self.format(latency)) ms (threshold \(Self.format(latencyThresholdMs)) ms).",
                            data: ["latencyMs": Self.format(latency), "thresholdMs": Self.format(latencyThresholdMs)])))
            }
        } else {
            if state.gatewaySlow {
                events.append(
                    NetworkEvent(
                        kind: .latencyNormal, occurredAt: at, subjectKey: "gateway",
                        wording: .init(
                            title: "Gateway latency normal", text: "Gateway latency is back to \(Self.format(latency)) ms.",
                            data: ["latencyMs": Self.format(latency)])))
            }
            state.gatewaySlow = false
            state.slowGatewayCount = 0
        }
    }

    func detectTargets(_ targets: [MonitoringTarget], at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        for target in targets {
            let key = target.id.uuidString
            let data = ["targetId": key, "name": target.name, "host": target.host, "protocol": target.probeProtocol.rawValue]
            let publicData = ["targetId": key, "name": target.name, "protocol": target.probeProtocol.rawValue]
            state.noteFailing(key, !target.isOnline, at: at)
            if target.isOnline {
                if state.targetsDown.remove(key) != nil {
                    let latency = target.currentLatency.map { ", \(Self.format($0)) ms" } ?? ""
                    let title = "\(target.name) recovered"
                    events.append(
                        NetworkEvent(
                            kind: .targetRecovered, occurredAt: at, subjectKey: key,
                            wording: .init(title: title, text: "\(target.name) (\(target.host)) is reachable again\(latency).", data: data),
                            publicWording: .init(title: title, text: "\(target.name) is reachable again\(latency).", data: publicData)))
                }
                state.targetFailures[key] = nil
                continue
            }
            let failures = (state.targetFailures[key] ?? 0) + 1
            state.targetFailures[key] = failures
            if failures >= failuresBeforeEvent, state.targetsDown.insert(key).inserted {
                let title = "\(target.name) is down"
                let checks = "failed \(failures) checks in a row"
                // Why, when the producer says ("…: connection refused"); the public wording
                // leaves out a reason that names the host it hides.
                let reason = target.lastError.map { ": \($0)" } ?? ""
                let publicReason = target.lastError?.localizedCaseInsensitiveContains(target.host) == true ? "" : reason
                var fullData = data
                var shownData = publicData
                fullData["lastError"] = target.lastError
                shownData["lastError"] = publicReason.isEmpty ? nil : target.lastError
                // The outage began at the run's first failure, confirmed only now.
                fullData["since"] = state.failingSinceText(key, or: at)
                shownData["since"] = fullData["since"]
                events.append(
                    NetworkEvent(
                        kind: .targetDown, occurredAt: at, subjectKey: key,
                        wording: .init(
                            title: title, text: "\(target.name) (\(target.host), \(target.probeProtocol.rawValue)) \(checks)\(reason).",
                            data: fullData),
                        publicWording: .init(
                            title: title, text: "\(target.name) (\(target.probeProtocol.rawValue)) \(checks)\(publicReason).",
                            data: shownData)))
            }
        }
    }

    private func detectDevices(_ devices: [LocalDevice], at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        var present: Set<String> = []
        present.reserveCapacity(devices.count)
        for device in devices where device.status != .offline {
            let key = HistoryStore.deviceKey(device)
            present.insert(key)
            let known = state.devices[key] != nil
            state.devices[key] = DetectorState.DeviceMemory(
                id: device.id.uuidString, name: device.displayName, publicName: Self.publicName(device), missing: 0, goneAt: nil)
            guard !known, state.hasDeviceBaseline else { continue }
            var data = ["name": device.displayName, "deviceType": device.deviceType.rawValue]
            data["ipAddress"] = device.ipAddress?.text
            data["macAddress"] = device.macAddress?.text
            data["vendor"] = device.vendor
            let address = device.ipAddress.map { " at \($0.text)" } ?? ""
            let publicName = Self.publicName(device)
            events.append(
                NetworkEvent(
                    kind: .newDevice, occurredAt: at, subjectKey: device.id.uuidString,
                    wording: .init(
                        title: "New device: \(device.displayName)", text: "\(device.displayName) joined the network\(address).", data: data),
                    publicWording: .init(
                        title: "New device: \(publicName)", text: "\(publicName) joined the network.",
                        data: ["name": publicName, "deviceType": device.deviceType.rawValue])))
        }
        // Sorted, so the same history gives the same events in the same order.
        for key in state.devices.keys.sorted() where !present.contains(key) {
            guard var memory = state.devices[key], !memory.gone else { continue }
            memory.missing += 1
            if memory.missing >= failuresBeforeEvent {
                memory.goneAt = at.timeIntervalSince1970
                let text = "has not been seen for \(memory.missing) checks."
                events.append(
                    NetworkEvent(
                        kind: .deviceGone, occurredAt: at, subjectKey: memory.id,
                        wording: .init(title: "Device gone: \(memory.name)", text: "\(memory.name) \(text)", data: ["name": memory.name]),
                        publicWording: .init(
                            title: "Device gone: \(memory.publicName)", text: "\(memory.publicName) \(text)",
                            data: ["name": memory.publicName])))
            }
            state.devices[key] = memory
        }
    }

    /// A device's name for redacted outputs: its custom name, else vendor, else "A device".
    static func publicName(_ device: LocalDevice) -> String {
        if let name = device.customName, !name.isEmpty { return name }
        if let vendor = device.vendor, !vendor.isEmpty { return "A \(vendor) device" }
        return "A device"
    }

    static func format(_ value: Double) -> String {
        JSONWriter.format((value * 10).rounded() / 10)
    }
}
