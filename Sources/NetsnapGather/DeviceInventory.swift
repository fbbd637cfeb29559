import Foundation
import NetsnapJSON
import NetsnapModel

/// Builds the snapshot's device list from the neighbour table, merged per MAC address
/// (a device's IPv4 and IPv6 entries are one device), with names, vendors, types and the
/// remembered ids and dates, and how each is connected where the host can tell; devices
/// remembered but no longer answering are `offline` until they are forgotten.
struct DeviceInventory {
    var neighbours: [NeighbourEntry]
    var hostnames: HostnameDirectory
    var vendors: [MACAddress: String]
    var overrides: [DeviceOverride]
    var gatewayAddresses: Set<IPAddress>
    var now: Date
    var forgetAfter: TimeInterval
    /// How devices are connected, where LLDP or this host's access point says.
    var links = DeviceLinks()

    /// The MACs whose vendors are needed: every usable entry and every remembered device.
    static func macs(in neighbours: [NeighbourEntry], state: GatherState) -> Set<MACAddress> {
        Set(neighbours.compactMap(\.mac).filter(isUnicast) + state.devices.compactMap { MACAddress($0.mac) })
    }

    /// The devices, sorted by address, and the state updated to match.
    func devices(updating state: inout GatherState) -> [LocalDevice] {
        var remembered = Dictionary(state.devices.map { ($0.mac, $0) }, uniquingKeysWith: { _, latest in latest })
        var observed: [MACAddress: (status: LocalDevice.Status, addresses: [IPAddress])] = [:]
        for entry in neighbours {
            guard let status = entry.status else { continue }
            // FAILED and INCOMPLETE entries carry no MAC: the device is the one last seen there.
            let mac = entry.mac ?? remembered.values.first { $0.ip == entry.address.text }.flatMap { MACAddress($0.mac) }
            guard let mac, Self.isUnicast(mac) else { continue }
            var current = observed[mac] ?? (status, [])
            current.status = Self.stronger(current.status, status)
            if entry.mac != nil { current.addresses.append(entry.address) }
            observed[mac] = current
        }
        for record in remembered.values {
            guard let mac = MACAddress(record.mac), observed[mac] == nil,
                let lastSeen = RFC3339.parse(record.lastSeen), now.timeIntervalSince(lastSeen) < forgetAfter
            else { continue }
            observed[mac] = (.offline, record.ip.flatMap(IPAddress.init).map { [$0] } ?? [])
        }

        var devices: [LocalDevice] = []
        for (mac, observation) in observed {
            let previous = remembered[mac.text]
            guard let address = Self.preferredAddress(observation.addresses) ?? previous?.ip.flatMap(IPAddress.init) else { continue }
            let firstSeen = previous.flatMap { RFC3339.parse($0.firstSeen) } ?? now
            let lastSeen = observation.status == .offline ? previous.flatMap { RFC3339.parse($0.lastSeen) } ?? now : now
            let hostname = hostnames.hostname(mac: mac, ip: address) ?? previous?.hostname
            let vendor = vendors[mac]
            let override = overrides.last { $0.mac == mac }
            let isGateway = observation.addresses.contains(where: gatewayAddresses.contains)
            let link = links.link(mac: mac, addresses: observation.addresses)
            // A switch or access point says what it is over LLDP: better than a guess from its name.
            let type = link.isNetworkGear ? .router : DeviceTypeGuesser.guess(hostname: hostname, vendor: vendor, isGateway: isGateway)
            let device = LocalDevice(
                id: previous?.id ?? UUID(), ipAddress: address, macAddress: mac, hostname: hostname, vendor: vendor,
                deviceType: override?.type ?? type, customName: override?.name, status: observation.status, firstSeen: firstSeen,
                lastSeen: lastSeen, connection: override?.connection ?? link.connection)
            devices.append(device)
            remembered[mac.text] = GatherState.Device(
                id: device.id, mac: mac.text, ip: address.text, hostname: hostname, firstSeen: RFC3339.format(firstSeen),
                lastSeen: RFC3339.format(lastSeen))
        }
        state.devices = remembered.values
            .filter { record in RFC3339.parse(record.lastSeen).map { now.timeIntervalSince($0) < forgetAfter } ?? false }
            .sorted { $0.mac < $1.mac }
        return connectingThroughConfiguredUplinks(devices).sorted { Self.sortKey($0.ipAddress) < Self.sortKey($1.ipAddress) }
    }

    /// `devices` with the `connectedVia` the configuration gives (`via:`), where the device it
    /// names is among them; a `via` naming a device not seen is left out.
    private func connectingThroughConfiguredUplinks(_ devices: [LocalDevice]) -> [LocalDevice] {
        // The last entry for a MAC wins, as for names and types.
        let pairs = overrides.compactMap { override in override.via.map { (override.mac, $0) } }
        let vias = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        guard !vias.isEmpty else { return devices }
        let macs = devices.compactMap { device in device.macAddress.map { ($0, device.id) } }
        let ids = Dictionary(macs, uniquingKeysWith: { first, _ in first })
        return devices.map { device in
            var device = device
            if let mac = device.macAddress, let via = vias[mac] { device.connectedVia = ids[via] }
            return device
        }
    }

    /// Unicast hardware addresses only: multicast (33:33:…, 01:00:5e:…) and broadcast
    /// entries are not devices.
    static func isUnicast(_ mac: MACAddress) -> Bool { mac.octets[0] & 0x01 == 0 }

    private static func stronger(_ a: LocalDevice.Status, _ b: LocalDevice.Status) -> LocalDevice.Status {
        let rank: [LocalDevice.Status: Int] = [.active: 2, .idle: 1, .offline: 0]
        return rank[a]! >= rank[b]! ? a : b
    }

    /// IPv4 first (what people recognise), then global IPv6, then link-local; lowest first.
    static func preferredAddress(_ addresses: [IPAddress]) -> IPAddress? {
        addresses.min { sortKey($0) < sortKey($1) }
    }

    /// Orders IPv4 numerically before IPv6, link-local IPv6 last.
    static func sortKey(_ address: IPAddress?) -> String {
        guard let address else { return "~" }
        if let value = IPv4Subnet.number(address) { return "0" + String(value, radix: 16).leftPadded(to: 8) }
        return (address.text.hasPrefix("fe80") ? "2" : "1") + address.text
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
