import Foundation
import NetsnapModel

/// Step 3: the snapshot from what was read and probed.
extension Gatherer {
    /// Step 3, pure: the snapshot from what was read and probed, the state updated with
    /// device and target ids, and the notes (the readings' first, then the probes').
    public func assemble(_ readings: HostReadings, _ probes: ProbeResults, state: GatherState, now: Date)
        -> (snapshot: Snapshot, state: GatherState, notes: [String])
    {
        var state = state
        var notes = readings.notes
        let gatewayAddresses = Set([readings.route4?.gateway, readings.route6?.gateway].compactMap { $0 })
        let inventory = DeviceInventory(
            neighbours: readings.neighbours, hostnames: readings.hostnames, vendors: readings.vendors,
            overrides: configuration.devices, gatewayAddresses: gatewayAddresses, now: now,
            forgetAfter: configuration.forgetDevicesAfterDays * 86_400, links: readings.links)
        let devices = inventory.devices(updating: &state)

        var status = NetworkStatus(connectionType: readings.uplink?.kind ?? .none, updatedAt: now)
        readings.uplink?.describe(&status)
        if let gateway = readings.gateway {
            status.gatewayIP = gateway
            let gatewayMAC = readings.neighbours.first { $0.address == gateway && $0.mac != nil }?.mac
            status.gatewayMAC = gatewayMAC
            status.gatewayVendor = gatewayMAC.flatMap { readings.vendors[$0] }
            if gatewayMAC == nil { notes.append("gateway \(gateway) is not in the neighbour table: its MAC is left out") }
        }
        if let link = readings.wifi { apply(link, to: &status) }
        switch probes.gatewayLatency {
        case .some(.success(let latency)): status.gatewayLatency = latency
        case .some(.failure(let error)): notes.append("gateway latency: \(error)")
        case nil: break
        }
        switch probes.publicIP {
        case .some(.success(let info)):
            status.publicIP = info.ip
            status.ispName = info.isp
            status.asn = info.asn
            if info.city != nil || info.country != nil { status.location = Location(city: info.city, country: info.country) }
        case .some(.failure(let error)): notes.append("public IP lookup: \(error)")
        case nil: break
        }

        let targets = probes.targets.map { result in
            if let error = result.error {
                notes.append("target \(result.target.name) (\(result.target.kind.rawValue) \(result.target.host)): \(error)")
            }
            return MonitoringTarget(
                id: Self.targetID(result.target, state: &state), name: result.target.name, host: result.target.host,
                probeProtocol: result.target.kind, currentLatency: result.latency.map(Self.milliseconds),
                lossPercent: result.echoes?.lossPercent, jitterMs: result.echoes?.jitterMilliseconds, isOnline: result.isOnline,
                lastChecked: now, lastError: result.error?.snapshotText,
                lastErrorAt: result.error == nil ? nil : now)
        }
        let snapshot = Snapshot(
            generatedAt: now, source: SnapshotSource(kind: .local, name: configuration.name), status: status,
            targets: targets, devices: devices)
        return (snapshot, state, notes)
    }

    func apply(_ link: WirelessLink, to status: inout NetworkStatus) {
        status.ssid = link.ssid
        status.bssid = link.bssid
        status.signalDBm = link.signalDBm.map { min(0, max(-120, $0)) }
        status.signalStrength = link.quality
        status.securityType = link.securityType
        if let frequency = link.frequencyMHz, let band = WirelessLink.bandAndChannel(frequencyMHz: frequency) {
            status.frequency = band.band
            status.channel = band.channel
        }
    }

    /// A fixed id from the config, else the one remembered for this target, else a new one.
    static func targetID(_ target: ProbeTarget, state: inout GatherState) -> UUID {
        if let id = target.id { return id }
        if let id = state.targetIDs[target.stateKey] { return id }
        let id = UUID()
        state.targetIDs[target.stateKey] = id
        return id
    }
}
