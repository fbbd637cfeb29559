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

    /// A `local` snapshot and the notes about what was left out, in three steps: read the
    /// host (passive, no traffic), run the probes the configuration asks for, and assemble
    /// the snapshot (pure). `sweep` sweeps the subnet on this run even when the config does
    /// not enable it.
    public func gather(sweep: Bool = false) async -> (snapshot: Snapshot, notes: [String]) {
        var notes = GatherNotes(logger: logger)
        let stateDirectory = configuration.stateDirectory ?? GatherState.defaultDirectory()

        var sweepReport: SweepReport?
        if sweep || configuration.sweep.enabled {
            // Before the read, so the neighbour table holds every host the sweep made answer ARP.
            // (The read notes a missing route itself.)
            var routeNotes = GatherNotes(logger: Logger(label: logger.label, factory: { _ in SwiftLogNoOpLogHandler() }))
            sweepReport = await runSweep(uplink: readRoutes(notes: &routeNotes).uplink, notes: &notes)
        }
        let (readings, state) = await readHost { readings in
            let (state, stateNote) = GatherState.load(directory: stateDirectory, network: readings.networkKey)
            if let stateNote { notes.add(stateNote) }
            return state
        }
        let probes = await runProbes(gateway: readings.gateway)
        let assembly = assemble(readings, probes, state: state, now: Date())
        // The readings' notes were logged as they were read; the probes' are logged here.
        for note in assembly.notes.dropFirst(readings.notes.count) { logger.info("\(note)") }
        var closing = GatherNotes(logger: logger)
        if var sweepReport {
            sweepReport.addARPOnly(from: readings.neighbours)
            closing.log("sweep found \(sweepReport.liveHosts.count) live hosts in \(sweepReport.subnet): "
                + "\(sweepReport.responders.count) answered ICMP, \(sweepReport.arpOnly.count) only ARP")
        }
        do {
            if assembly.state.differsEnoughToSave(from: state) {
                try assembly.state.save(directory: stateDirectory, network: readings.networkKey)
            }
        } catch {
            closing.add("state not saved in \(stateDirectory) (\(error.localizedDescription)): device ids and first-seen dates will not persist")
        }
        closing.log("snapshot: \(assembly.snapshot.devices.count) devices, \(assembly.snapshot.targets.count) targets")
        return (assembly.snapshot, notes.lines + assembly.notes + closing.lines)
    }

    /// Step 1, passive: routes, the uplink, the neighbour table, the Wi-Fi link, host names
    /// and vendors. Sends nothing; a missing source leaves its fields empty and adds a note.
    /// `state` gives what is remembered of the network the routes and neighbours show (its
    /// devices' vendors are looked up too); it is returned with the readings.
    public func readHost(state stateOfNetwork: (HostReadings) -> GatherState) async -> (readings: HostReadings, state: GatherState) {
        var notes = GatherNotes(logger: logger)
        var readings = HostReadings()
        (readings.route4, readings.route6, readings.uplink) = readRoutes(notes: &notes)
        let uplink = readings.uplink

        async let neighbourReading = readNeighbours()
        async let wifiReading = uplink?.kind == .wifi ? readWirelessLink(interface: uplink!.name) : nil
        let (neighbours, neighbourNote) = await neighbourReading
        if let neighbourNote { notes.add(neighbourNote) }
        readings.neighbours = neighbours
        let wifi = await wifiReading
        wifi?.notes.forEach { notes.add($0) }
        readings.wifi = wifi?.link
        let state = stateOfNetwork(readings)

        readings.hostnames = readHostnames(notes: &notes)
        let paths = configuration.paths
        readings.vendors = notes.timed("OUI registry") { () -> ([MACAddress: String], String) in
            let macs = DeviceInventory.macs(in: neighbours, state: state).union([wifi?.link?.bssid].compactMap { $0 })
            let (vendors, filesRead) = OUIRegistry.vendors(for: macs, csvPaths: paths.oui)
            return (vendors, "\(filesRead) of \(paths.oui.count) files read, \(vendors.count) of \(macs.count) MACs named")
        }
        if paths.oui.allSatisfy({ !FileManager.default.fileExists(atPath: $0) }) {
            notes.add("no IEEE OUI registry at \(paths.oui.joined(separator: ", ")): vendors left out (apt install ieee-data)")
        }
        readings.notes = notes.lines
        return (readings, state)
    }

    /// Step 2, active: the targets, the gateway's latency and the public IP, concurrently,
    /// as the configuration asks (nothing by default). Cancelling the task ends every probe.
    public func runProbes(gateway: IPAddress?) async -> ProbeResults {
        async let targets = probeTargets()
        async let gatewayLatency = measureGatewayLatency(gateway)
        async let publicIP = lookUpPublicIP()
        var results = ProbeResults()
        results.targets = await targets
        results.gatewayLatency = await gatewayLatency
        results.publicIP = await publicIP
        return results
    }

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
            forgetAfter: configuration.forgetDevicesAfterDays * 86_400)
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
                isOnline: result.isOnline, lastChecked: now, lastError: result.error?.snapshotText,
                lastErrorAt: result.error == nil ? nil : now)
        }
        let snapshot = Snapshot(
            generatedAt: now, source: SnapshotSource(kind: .local, name: configuration.name), status: status,
            targets: targets, devices: devices)
        return (snapshot, state, notes)
    }

    /// The default routes and the interface the preferred one leaves through.
    private func readRoutes(notes: inout GatherNotes) -> (route4: DefaultRoute?, route6: DefaultRoute?, uplink: UplinkInterface?) {
        let paths = configuration.paths
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
        return (route4, route6, uplink)
    }

    /// Sweeps the configured subnet, or the uplink's, and returns what answered ICMP or,
    /// judging by the neighbour table afterwards, ARP.
    public func sweep() async -> (report: SweepReport?, notes: [String]) {
        var notes = GatherNotes(logger: logger)
        guard var report = await runSweep(uplink: readRoutes(notes: &notes).uplink, notes: &notes) else { return (nil, notes.lines) }
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
        for result in results {
            let resolution = result.resolution.map { "resolved in \(Self.format($0)), " } ?? ""
            let outcome = result.latency.map { "answered in \(Self.format($0))" } ?? "failed: \(result.error?.description ?? "")"
            logger.debug("target \(result.target.name): \(resolution)\(outcome), \(result.attempts) attempt(s)")
        }
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
    private static func targetID(_ target: ProbeTarget, state: inout GatherState) -> UUID {
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
