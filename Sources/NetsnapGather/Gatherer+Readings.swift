import Foundation
import Logging
import NetsnapModel

/// Step 1 and what it reads: routes, the neighbour table, the Wi-Fi link and host names,
/// all passive.
extension Gatherer {
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
        async let linkReading = readDeviceLinks()
        let (neighbours, neighbourNote) = await neighbourReading
        if let neighbourNote { notes.add(neighbourNote) }
        readings.neighbours = neighbours
        let wifi = await wifiReading
        for note in wifi?.notes ?? [] { notes.add(note) }
        readings.wifi = wifi?.link
        readings.links = await linkReading
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

    /// The default routes and the interface the preferred one leaves through.
    func readRoutes(notes: inout GatherNotes) -> (route4: DefaultRoute?, route6: DefaultRoute?, uplink: UplinkInterface?) {
        let paths = configuration.paths
        let (route4, route6) = notes.timed("routes") { () -> ((DefaultRoute?, DefaultRoute?), String) in
            let v4 = readText(paths.route).flatMap(DefaultRoute.parseIPv4)
            let v6 = readText(paths.ipv6Route).flatMap(DefaultRoute.parseIPv6)
            return (
                (v4, v6),
                "IPv4 default \(v4.map { "via \($0.gateway) dev \($0.interface)" } ?? "none"), "
                    + "IPv6 default \(v6.map { "via \($0.gateway) dev \($0.interface)" } ?? "none")"
            )
        }
        let uplink = (route4 ?? route6).map { route in
            notes.timed("uplink") { () -> (UplinkInterface, String) in
                let uplink = UplinkInterface.inspect(route.interface, sysClassNet: paths.sysClassNet)
                return (
                    uplink,
                    "\(uplink.name) is \(uplink.kind.rawValue), "
                        + uplink.addresses.map { "\($0.address)/\($0.prefixLength)" }.joined(separator: " ")
                )
            }
        }
        if uplink == nil { notes.add("no default route: connection type none") }
        return (route4, route6, uplink)
    }

    /// The kernel's neighbour table over netlink (in-process, well under a millisecond);
    /// else `ip -j neigh` (a process: several milliseconds); else `/proc/net/arp`.
    func readNeighbours() async -> ([NeighbourEntry], String?) {
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
            return (
                [],
                "no neighbour table (neither netlink, `\(configuration.paths.ip) -j neigh` nor \(configuration.paths.arp)): devices left out"
            )
        }
        let entries = NeighbourEntry.parseProcARP(text)
        logger.debug("read \(configuration.paths.arp): \(entries.count) entries (\(Self.format(ContinuousClock.now - start)))")
        return (
            entries,
            "netlink and `\(configuration.paths.ip) -j neigh` unavailable: IPv4 neighbours from \(configuration.paths.arp) only, all shown idle"
        )
    }

    func readWirelessLink(interface: String) async -> (link: WirelessLink?, notes: [String]) {
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
        logger.debug(
            "read Wi-Fi link of \(interface): \(link.map { "\($0.ssid ?? "?") \($0.frequencyMHz.map { "\($0) MHz" } ?? "")" } ?? "none") (\(Self.format(ContinuousClock.now - start)))"
        )
        return (link, notes)
    }

    func readHostnames(notes: inout GatherNotes) -> HostnameDirectory {
        var directory = HostnameDirectory()
        if let hosts = readText(configuration.paths.hosts) {
            directory.addHostsFile(hosts)
        } else {
            notes.add("\(configuration.paths.hosts) not readable: static host names left out")
        }
        let leases = configuration.paths.leases.compactMap { path in readText(path).map { (path, $0) } }
        for (_, text) in leases { directory.addLeaseFile(text) }
        if leases.isEmpty, !configuration.paths.leases.isEmpty {
            notes.add("no DHCP lease file (looked at \(configuration.paths.leases.joined(separator: ", "))): lease host names left out")
        } else {
            notes.log("read leases: \(leases.map(\.0).joined(separator: ", "))")
        }
        return directory
    }

    func readText(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
