import Foundation
import Logging
import NetsnapModel

/// Takes a snapshot of this host's network. Passive sources are always read; probes run
/// only as the configuration says. A missing or unreadable source leaves its fields out
/// and adds a one-line note; the gather itself never fails.
public struct Gatherer: Sendable {
    public let configuration: GatherConfiguration
    private let logger: Logger

    /// `logger` receives one debug line per step: what was read and how long it took.
    public init(configuration: GatherConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// A `local` snapshot and the notes about what was left out. `sweep` sweeps the
    /// subnet on this run even when the config does not enable it.
    public func gather(sweep: Bool = false) async -> (snapshot: Snapshot, notes: [String]) {
        var notes = GatherNotes(logger: logger)
        let paths = configuration.paths
        let stateDirectory = configuration.stateDirectory ?? GatherState.defaultDirectory()
        var (state, stateNote) = GatherState.load(directory: stateDirectory)
        if let stateNote { notes.add(stateNote) }

        let (route4, route6) = notes.timed("routes") { () -> ((DefaultRoute?, DefaultRoute?), String) in
            let v4 = readText(paths.route).flatMap(DefaultRoute.parseIPv4)
            let v6 = readText(paths.ipv6Route).flatMap(DefaultRoute.parseIPv6)
            return ((v4, v6), "IPv4 default \(v4.map { "via \($0.gateway) dev \($0.interface)" } ?? "none"), "
                + "IPv6 default \(v6.map { "via \($0.gateway) dev \($0.interface)" } ?? "none")")
        }
        let uplink = (route4 ?? route6).map { route in
            notes.timed("uplink") { () -> (UplinkInterface, String) in
                let uplink = UplinkInterface.inspect(route.interface, sysClassNet: paths.sysClassNet)
                return (uplink, "\(uplink.name) is \(uplink.kind.rawValue), "
                    + uplink.addresses.map { "\($0.address)/\($0.prefixLength)" }.joined(separator: " "))
            }
        }
        if uplink == nil { notes.add("no default route: connection type none") }

        var sweepReport: SweepReport?
        if sweep || configuration.sweep.enabled {
            sweepReport = await runSweep(uplink: uplink, notes: &notes)
        }

        async let neighbourReading = readNeighbours()
        async let wifiReading = uplink?.kind == .wifi ? readWirelessLink(interface: uplink!.name) : nil
        async let targetResults = probeTargets()
        async let gatewayLatency = measureGatewayLatency(route4?.gateway ?? route6?.gateway)
        async let publicInfo = lookUpPublicIP()

        let (neighbours, neighbourNote) = await neighbourReading
        if let neighbourNote { notes.add(neighbourNote) }
        let wifi = await wifiReading
        wifi?.notes.forEach { notes.add($0) }

        let hostnames = readHostnames(notes: &notes)
        let vendors = notes.timed("OUI registry") { () -> ([MACAddress: String], String) in
            let macs = DeviceInventory.macs(in: neighbours, state: state).union([wifi?.link?.bssid].compactMap { $0 })
            let (vendors, filesRead) = OUIRegistry.vendors(for: macs, csvPaths: paths.oui)
            return (vendors, "\(filesRead) of \(paths.oui.count) files read, \(vendors.count) of \(macs.count) MACs named")
        }
        if paths.oui.allSatisfy({ !FileManager.default.fileExists(atPath: $0) }) {
            notes.add("no IEEE OUI registry at \(paths.oui.joined(separator: ", ")): vendors left out (apt install ieee-data)")
        }

        let now = Date()
        let gatewayAddresses = Set([route4?.gateway, route6?.gateway].compactMap { $0 })
        let inventory = DeviceInventory(
            neighbours: neighbours, hostnames: hostnames, vendors: vendors, overrides: configuration.devices,
            gatewayAddresses: gatewayAddresses, now: now, forgetAfter: configuration.forgetDevicesAfterDays * 86_400)
        let devices = inventory.devices(updating: &state)
        if var sweepReport {
            sweepReport.addARPOnly(from: neighbours)
            notes.log("sweep found \(sweepReport.liveHosts.count) live hosts in \(sweepReport.subnet): "
                + "\(sweepReport.responders.count) answered ICMP, \(sweepReport.arpOnly.count) only ARP")
        }

        var status = NetworkStatus(connectionType: uplink?.kind ?? .none, updatedAt: now)
        if let gateway = route4?.gateway ?? route6?.gateway {
            status.gatewayIP = gateway
            let gatewayMAC = neighbours.first { $0.address == gateway && $0.mac != nil }?.mac
            status.gatewayMAC = gatewayMAC
            status.gatewayVendor = gatewayMAC.flatMap { vendors[$0] }
            if gatewayMAC == nil { notes.add("gateway \(gateway) is not in the neighbour table: its MAC is left out") }
        }
        if let link = wifi?.link { apply(link, to: &status) }
        let latencyOutcome: Result<Double, ProbeError>? = await gatewayLatency
        switch latencyOutcome {
        case .some(.success(let latency)): status.gatewayLatency = latency
        case .some(.failure(let error)): notes.add("gateway latency: \(error)")
        case nil: break
        }
        let publicOutcome: Result<PublicIPInfo, ProbeError>? = await publicInfo
        switch publicOutcome {
        case .some(.success(let info)):
            status.publicIP = info.ip
            status.ispName = info.isp
            status.asn = info.asn
            if info.city != nil || info.country != nil { status.location = Location(city: info.city, country: info.country) }
        case .some(.failure(let error)): notes.add("public IP lookup: \(error)")
        case nil: break
        }

        let targets = await targetResults.map { result in
            if let error = result.error { notes.add("target \(result.target.name) (\(result.target.kind.rawValue) \(result.target.host)): \(error)") }
            return MonitoringTarget(
                id: targetID(result.target, state: &state), name: result.target.name, host: result.target.host,
                probeProtocol: result.target.kind, currentLatency: result.latency.map(Self.milliseconds),
                isOnline: result.isOnline, lastChecked: now, lastError: result.error?.snapshotText,
                lastErrorAt: result.error == nil ? nil : now)
        }

        do {
            try state.save(directory: stateDirectory)
        } catch {
            notes.add("state not saved in \(stateDirectory) (\(error.localizedDescription)): device ids and first-seen dates will not persist")
        }
        let snapshot = Snapshot(
            generatedAt: now, source: SnapshotSource(kind: .local, name: configuration.name), status: status,
            targets: targets, devices: devices)
        notes.log("snapshot: \(devices.count) devices, \(targets.count) targets")
        return (snapshot, notes.lines)
    }

    /// Sweeps the configured subnet, or the uplink's, and returns what answered ICMP or,
    /// judging by the neighbour table afterwards, ARP.
    public func sweep() async -> (report: SweepReport?, notes: [String]) {
        var notes = GatherNotes(logger: logger)
        let uplink = (readText(configuration.paths.route).flatMap(DefaultRoute.parseIPv4)).map {
            UplinkInterface.inspect($0.interface, sysClassNet: configuration.paths.sysClassNet)
        }
        guard var report = await runSweep(uplink: uplink, notes: &notes) else { return (nil, notes.lines) }
        let (neighbours, neighbourNote) = await readNeighbours()
        if let neighbourNote { notes.add(neighbourNote) }
        report.addARPOnly(from: neighbours)
        return (report, notes.lines)
    }

    private func runSweep(uplink: UplinkInterface?, notes: inout GatherNotes) async -> SweepReport? {
        guard let subnet = configuration.sweep.subnet.flatMap(IPv4Subnet.init) ?? uplink?.ipv4Subnet else {
            notes.add("sweep skipped: no IPv4 subnet on the uplink and none configured")
            return nil
        }
        let own = Set(uplink?.addresses.map(\.address) ?? [])
        let start = ContinuousClock.now
        do {
            let report = try await SubnetSweeper.sweep(
                subnet, settings: configuration.sweep, excluding: own, pingGroupRangePath: configuration.paths.pingGroupRange,
                showProgress: true)
            notes.log("sweep \(subnet) by \(report.method): \(report.responders.count) of \(report.probed) answered (\(Self.format(ContinuousClock.now - start)))")
            return report
        } catch {
            notes.add("sweep \(subnet): \(error)")
            return nil
        }
    }

    /// The kernel's neighbour table over netlink (in-process, well under a millisecond);
    /// else `ip -j neigh` (a process: several milliseconds); else `/proc/net/arp`.
    private func readNeighbours() async -> ([NeighbourEntry], String?) {
        let start = ContinuousClock.now
        do {
            let entries = try NetlinkNeighbourTable.read()
            logger.debug("read the neighbour table over netlink: \(entries.count) entries (\(Self.format(ContinuousClock.now - start)))")
            return (entries, nil)
        } catch {
            logger.debug("netlink neighbour dump failed (\(error)): trying `\(configuration.paths.ip) -j neigh`")
        }
        do {
            let output = try await CommandRunner.run(configuration.paths.ip, ["-j", "neigh", "show"])
            if let entries = NeighbourEntry.parseIPNeighbourJSON(output.standardOutput) {
                logger.debug("read ip -j neigh: \(entries.count) entries (\(Self.format(ContinuousClock.now - start)))")
                return (entries, nil)
            }
        } catch {
            logger.debug("ip -j neigh: \(error)")
        }
        guard let text = readText(configuration.paths.arp) else {
            return ([], "no neighbour table (neither netlink, `\(configuration.paths.ip) -j neigh` nor \(configuration.paths.arp)): devices left out")
        }
        let entries = NeighbourEntry.parseProcARP(text)
        logger.debug("read \(configuration.paths.arp): \(entries.count) entries (\(Self.format(ContinuousClock.now - start)))")
        return (entries, "netlink and `\(configuration.paths.ip) -j neigh` unavailable: IPv4 neighbours from \(configuration.paths.arp) only, all shown idle")
    }

    private func readWirelessLink(interface: String) async -> (link: WirelessLink?, notes: [String]) {
        let start = ContinuousClock.now
        var notes: [String] = []
        var link: WirelessLink?
        do {
            let output = try await CommandRunner.run(configuration.paths.iw, ["dev", interface, "link"])
            link = WirelessLink.parseIWLink(String(decoding: output.standardOutput, as: UTF8.self))
            if link == nil { notes.append("\(interface) is not associated: Wi-Fi details left out") }
        } catch {
            notes.append("Wi-Fi link of \(interface) not read (\(error)): SSID, BSSID and channel left out")
        }
        if let reading = readText(configuration.paths.wireless).flatMap({ WirelessLink.parseProcWireless($0, interface: interface) }) {
            link = link ?? WirelessLink()
            link?.quality = reading.quality
            if link?.signalDBm == nil { link?.signalDBm = reading.signalDBm }
        }
        if link != nil {
            if let output = try? await CommandRunner.run(configuration.paths.wpaCli, ["-i", interface, "status"]) {
                link?.securityType = WirelessLink.parseWPAStatus(String(decoding: output.standardOutput, as: UTF8.self))
            } else {
                notes.append("security type unknown: \(configuration.paths.wpaCli) not available for \(interface)")
            }
        }
        logger.debug("read Wi-Fi link of \(interface): \(link.map { "\($0.ssid ?? "?") \($0.frequencyMHz.map { "\($0) MHz" } ?? "")" } ?? "none") (\(Self.format(ContinuousClock.now - start)))")
        return (link, notes)
    }

    private func apply(_ link: WirelessLink, to status: inout NetworkStatus) {
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

    private func readHostnames(notes: inout GatherNotes) -> HostnameDirectory {
        var directory = HostnameDirectory()
        if let hosts = readText(configuration.paths.hosts) { directory.addHostsFile(hosts) } else {
            notes.add("\(configuration.paths.hosts) not readable: static host names left out")
        }
        let leases = configuration.paths.leases.compactMap { path in readText(path).map { (path, $0) } }
        leases.forEach { directory.addLeaseFile($0.1) }
        if leases.isEmpty, !configuration.paths.leases.isEmpty {
            notes.add("no DHCP lease file (looked at \(configuration.paths.leases.joined(separator: ", "))): lease host names left out")
        } else {
            notes.log("read leases: \(leases.map(\.0).joined(separator: ", "))")
        }
        return directory
    }

    private func probeTargets() async -> [TargetResult] {
        guard !configuration.targets.isEmpty else { return [] }
        let start = ContinuousClock.now
        let results = await TargetProber.probeAll(
            configuration.targets, settings: configuration.probes, pingGroupRangePath: configuration.paths.pingGroupRange)
        logger.debug("probed \(results.count) targets, \(results.filter(\.isOnline).count) online (\(Self.format(ContinuousClock.now - start)))")
        return results
    }

    private func measureGatewayLatency(_ gateway: IPAddress?) async -> Result<Double, ProbeError>? {
        guard configuration.gateway.latency, let gateway else { return nil }
        var rounds: [Duration] = []
        var lastError = ProbeError.timedOut(seconds: configuration.gateway.timeout)
        for _ in 0..<configuration.gateway.pings {
            do {
                rounds.append(
                    try await ICMPPinger.ping(
                        gateway, timeout: configuration.gateway.timeout, pingGroupRangePath: configuration.paths.pingGroupRange))
            } catch {
                lastError = error
                if case .notPermitted = error { break }
            }
        }
        guard !rounds.isEmpty else { return .failure(lastError) }
        let mean = (rounds.map(Self.milliseconds).reduce(0, +) / Double(rounds.count)).rounded(toPlaces: 3)
        logger.debug("gateway \(gateway): \(rounds.count) of \(configuration.gateway.pings) echoes answered, mean \(mean) ms")
        return .success(mean)
    }

    private func lookUpPublicIP() async -> Result<PublicIPInfo, ProbeError>? {
        guard let publicIP = configuration.publicIP else { return nil }
        do {
            let info = try await PublicIPInfo.lookUp(publicIP)
            logger.debug("public IP from \(publicIP.url): \(info.ip?.text ?? "none")")
            return .success(info)
        } catch {
            return .failure(error)
        }
    }

    /// A fixed id from the config, else the one remembered for this target, else a new one.
    private func targetID(_ target: ProbeTarget, state: inout GatherState) -> UUID {
        if let id = target.id { return id }
        if let id = state.targetIDs[target.stateKey] { return id }
        let id = UUID()
        state.targetIDs[target.stateKey] = id
        return id
    }

    private func readText(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        // One millisecond is 10^15 attoseconds.
        return (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded(toPlaces: 3)
    }

    static func format(_ duration: Duration) -> String { "\(milliseconds(duration)) ms" }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
