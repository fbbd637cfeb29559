import Foundation
import NetsnapModel
import Testing

@testable import NetsnapGather

/// The gatherer's third step: readings and probe results in, snapshot out; no root, no
/// network, no clock.
@Suite struct GatherAssemblyTests {
    private let now = Date(timeIntervalSince1970: 1_763_812_345)
    private let gateway = IPAddress("192.168.1.1")!
    private let routerMAC = MACAddress("a4:2b:b0:00:00:01")!
    private let phoneMAC = MACAddress("3c:22:fb:00:00:10")!

    private func readings(wifi: Bool = true) -> HostReadings {
        var readings = HostReadings()
        readings.route4 = DefaultRoute(interface: "wlan0", gateway: gateway, metric: 0)
        readings.uplink = UplinkInterface(
            name: "wlan0", kind: wifi ? .wifi : .ethernet,
            addresses: [.init(address: IPAddress("192.168.1.20")!, prefixLength: 24)])
        readings.neighbours = [
            NeighbourEntry(address: gateway, mac: routerMAC, interface: "wlan0", states: ["REACHABLE"]),
            NeighbourEntry(address: IPAddress("192.168.1.30")!, mac: phoneMAC, interface: "wlan0", states: ["STALE"]),
        ]
        if wifi { readings.wifi = WirelessLink(ssid: "Home", bssid: routerMAC, frequencyMHz: 5180, signalDBm: -140) }
        readings.hostnames.addHostsFile("192.168.1.30 annas-iphone\n")
        readings.vendors = [routerMAC: "TP-LINK", phoneMAC: "Apple"]
        readings.notes = ["a note from the read"]
        return readings
    }

    private func target(_ name: String, _ error: ProbeError?) -> TargetResult {
        TargetResult(
            target: ProbeTarget(name: name, kind: .tcp, host: "192.168.1.30", port: 22),
            latency: error == nil ? .milliseconds(12) : nil, resolution: nil, error: error, attempts: 1)
    }

    @Test func statusDevicesAndTargetsComeFromTheReadingsAndProbes() throws {
        let gatherer = Gatherer(configuration: GatherConfiguration(name: "Pi"), logger: .init(label: "test"))
        var probes = ProbeResults()
        probes.targets = [target("ssh", nil), target("nas", .refused)]
        probes.gatewayLatency = .success(3.25)
        probes.publicIP = .success(PublicIPInfo(ip: IPAddress("203.0.113.7"), isp: "Fiber", asn: "AS64500", city: nil, country: "CH"))
        let (snapshot, state, notes) = gatherer.assemble(readings(), probes, state: GatherState(), now: now)

        #expect(snapshot.generatedAt == now)
        #expect(snapshot.source?.name == "Pi")
        #expect(snapshot.status.connectionType == .wifi)
        #expect(snapshot.status.gatewayIP == gateway)
        #expect(snapshot.status.gatewayMAC == routerMAC)
        #expect(snapshot.status.gatewayVendor == "TP-LINK")
        #expect(snapshot.status.gatewayLatency == 3.25)
        #expect(snapshot.status.ssid == "Home")
        #expect(snapshot.status.channel == 36)
        #expect(snapshot.status.signalDBm == -120, "clamped to the contract's range")
        #expect(snapshot.status.publicIP == IPAddress("203.0.113.7"))
        #expect(snapshot.status.location == Location(city: nil, country: "CH"))

        let phone = try #require(snapshot.devices.first { $0.macAddress == phoneMAC })
        #expect(phone.hostname == "annas-iphone")
        #expect(phone.vendor == "Apple")
        #expect(state.devices.count == 2)

        #expect(snapshot.targets.map(\.name) == ["ssh", "nas"])
        #expect(snapshot.targets[0].isOnline && snapshot.targets[0].currentLatency == 12)
        #expect(snapshot.targets[0].lastError == nil && snapshot.targets[0].lastErrorAt == nil)
        #expect(!snapshot.targets[1].isOnline && snapshot.targets[1].currentLatency == nil)
        #expect(snapshot.targets[1].lastError == "connection refused")
        #expect(snapshot.targets[1].lastErrorAt == now)
        #expect(notes == ["a note from the read", "target nas (tcp 192.168.1.30): connection refused"])
    }

    @Test func aWiredUplinkSaysItsInterfaceSpeedAndAddress() {
        let gatherer = Gatherer(configuration: GatherConfiguration(name: "Pi"), logger: .init(label: "test"))
        var readings = readings(wifi: false)
        readings.uplink?.speedMbps = 1000
        let (snapshot, _, _) = gatherer.assemble(readings, ProbeResults(), state: GatherState(), now: now)
        #expect(snapshot.status.connectionType == .ethernet)
        #expect(snapshot.status.interfaceName == "wlan0")
        #expect(snapshot.status.linkSpeedMbps == 1000)
        #expect(snapshot.status.localIP == IPAddress("192.168.1.20"))
        #expect(snapshot.status.ssid == nil && snapshot.status.signalDBm == nil)
    }

    @Test func idsAreKeptInTheStateAcrossRuns() {
        let gatherer = Gatherer(configuration: GatherConfiguration(), logger: .init(label: "test"))
        var probes = ProbeResults()
        probes.targets = [target("ssh", nil)]
        let first = gatherer.assemble(readings(), probes, state: GatherState(), now: now)
        let second = gatherer.assemble(readings(), probes, state: first.state, now: now + 60)
        #expect(second.snapshot.targets[0].id == first.snapshot.targets[0].id)
        #expect(Set(second.snapshot.devices.map(\.id)) == Set(first.snapshot.devices.map(\.id)))
        let fresh = gatherer.assemble(readings(), probes, state: GatherState(), now: now)
        #expect(fresh.snapshot.targets[0].id != first.snapshot.targets[0].id)
    }

    @Test func failedProbesAndAMissingGatewayBecomeNotes() {
        let gatherer = Gatherer(configuration: GatherConfiguration(), logger: .init(label: "test"))
        var readings = readings(wifi: false)
        readings.neighbours.removeAll { $0.address == gateway }
        var probes = ProbeResults()
        probes.gatewayLatency = .failure(.timedOut(seconds: 1))
        probes.publicIP = .failure(.unexpectedAnswer("HTTP 503"))
        let (snapshot, _, notes) = gatherer.assemble(readings, probes, state: GatherState(), now: now)
        #expect(snapshot.status.connectionType == .ethernet)
        #expect(snapshot.status.gatewayMAC == nil)
        #expect(snapshot.status.gatewayLatency == nil)
        #expect(snapshot.status.publicIP == nil)
        #expect(notes.contains("gateway 192.168.1.1 is not in the neighbour table: its MAC is left out"))
        #expect(notes.contains("gateway latency: timed out after 1 s"))
        #expect(notes.contains("public IP lookup: HTTP 503"))
    }

    @Test func noReadingsMakeAnEmptySnapshotNotACrash() {
        let gatherer = Gatherer(configuration: GatherConfiguration(), logger: .init(label: "test"))
        let (snapshot, _, notes) = gatherer.assemble(HostReadings(), ProbeResults(), state: GatherState(), now: now)
        #expect(snapshot.status.connectionType == NetworkStatus.ConnectionType.none)
        #expect(snapshot.devices.isEmpty && snapshot.targets.isEmpty)
        #expect(notes.isEmpty)
    }

    /// A `ca` must name a readable PEM file and belongs to https targets only; the error
    /// names the key and the file.
    @Test func aTargetsCAIsCheckedWhenTheConfigIsRead() throws {
        func failure(_ json: String) -> String {
            do {
                _ = try GatherConfiguration.parse(section: json, file: "netsnap.yml")
                return "decoded"
            } catch {
                return "\(error.key): \(error.message)"
            }
        }
        #expect(
            failure(#"{"targets": [{"kind": "https", "host": "nas.lan", "ca": "/nonexistent/ca.pem"}]}"#)
                == "gather.targets[0].ca: expected a PEM file of CA certificates; /nonexistent/ca.pem is not a readable file")
        let notPEM = try TestCertificates.write("not a certificate\n", name: "ca.txt")
        defer { try? FileManager.default.removeItem(atPath: notPEM) }
        #expect(
            failure(#"{"targets": [{"kind": "https", "host": "nas.lan", "ca": "\#(notPEM)"}]}"#)
                == "gather.targets[0].ca: expected a PEM file of CA certificates; \(notPEM) holds no PEM certificate")
        #expect(
            failure(#"{"targets": [{"kind": "http", "host": "nas.lan", "ca": "\#(notPEM)"}]}"#)
                == "gather.targets[0].ca: only an https target takes a ca (a PEM file)")
        let pem = try TestCertificates.write(try TestCertificates().caPEM, name: "ca.pem")
        defer { try? FileManager.default.removeItem(atPath: pem) }
        #expect(failure(#"{"targets": [{"kind": "https", "host": "nas.lan", "ca": "\#(pem)"}]}"#) == "decoded")
    }
}
