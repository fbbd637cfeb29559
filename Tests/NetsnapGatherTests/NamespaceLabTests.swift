import Foundation
import NetsnapModel
import Testing

/// End to end: the gatherer runs as its own process inside the lab's client namespace and
/// sees only the lab (see Lab/lab.sh). Needs root; skipped elsewhere with that reason.
@Suite(
    .serialized,
    .enabled(if: NamespaceLab.isPermitted, "needs root, ip netns, python3 and openssl: run the tests as root to include them"))
struct NamespaceLabTests {
    @Test func gatherFindsGatewayDevicesAndProbesEveryKind() throws {
        let lab = try NamespaceLab()
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        let leases = try lab.write("dnsmasq.leases", "1763812345 3c:22:fb:00:00:10 10.77.0.10 annas-iphone *\n")
        let hosts = try lab.write("hosts", "127.0.0.1 localhost\n10.77.0.11 pi-hallway\n")
        let config = try lab.write(
            "config.json",
            """
            {"name": "lab client", "stateDirectory": "\(lab.workDirectory)/state",
             "paths": {"leases": ["\(leases)"], "hosts": "\(hosts)", "oui": \(ouiFiles)},
             "gateway": {"latency": true},
             "probes": {"timeout": 0.5, "retries": 0},
             "publicIP": {"url": "http://10.77.0.10:8080/ip.json", "fields": {"ip": "query", "asn": "as", "country": "countryCode"}},
             "devices": [{"mac": "70:b3:d5:f2:f0:99", "name": "Sweep box", "type": "tv"}],
             "targets": [
              {"name": "ping", "kind": "icmp", "host": "10.77.0.10"},
              {"name": "tcp", "kind": "tcp", "host": "10.77.0.10", "port": 8022},
              {"name": "tcp closed", "kind": "tcp", "host": "10.77.0.10", "port": 9},
              {"name": "web", "kind": "http", "host": "10.77.0.10", "port": 8080, "path": "/status", "expectStatus": 200},
              {"name": "web missing", "kind": "http", "host": "10.77.0.10", "port": 8080, "path": "/missing"},
              {"name": "tls self-signed", "kind": "https", "host": "10.77.0.10", "port": 8443, "path": "/status", "timeout": 3},
              {"name": "dns", "kind": "dns", "host": "10.77.0.10", "port": 5353, "query": "nas.lab"},
              {"name": "dns nxdomain", "kind": "dns", "host": "10.77.0.10", "port": 5353, "query": "nope.lab"},
              {"name": "silent tcp", "kind": "tcp", "host": "10.77.0.253", "port": 80},
              {"name": "silent ping", "kind": "icmp", "host": "10.77.0.240"}
             ]}
            """)

        // First run, with a sweep so every lab host is in the neighbour table.
        let first = lab.run(in: "client", [runner, "gather", config, "--sweep"])
        #expect(first.status == 0, "\(first.error)")
        let snapshot = try SnapshotDecoder.decode(Array(first.output.utf8))
        #expect(snapshot.source?.kind == .local)
        #expect(snapshot.status.connectionType == .ethernet)
        // The link from the namespace's own sysfs: a veth says 10 Gb/s.
        #expect(snapshot.status.interfaceName == "eth0")
        #expect(snapshot.status.linkSpeedMbps == 10_000)
        #expect(snapshot.status.localIP == IPAddress("10.77.0.2"))
        #expect(snapshot.status.gatewayIP == IPAddress("10.77.0.1"))
        #expect(snapshot.status.gatewayMAC == MACAddress("a4:2b:b0:00:00:01"))
        #expect(snapshot.status.gatewayVendor == "TP-LINK TECHNOLOGIES")
        #expect((snapshot.status.gatewayLatency ?? 0) > 0)
        #expect(snapshot.status.publicIP == IPAddress("203.0.113.7"))
        #expect(snapshot.status.ispName == "Example Fiber")
        #expect(snapshot.status.asn == "AS64500 Example Fiber AG")
        #expect(snapshot.status.location == Location(city: "Zurich", country: "CH"))

        let online = Dictionary(uniqueKeysWithValues: snapshot.targets.map { ($0.name, $0.isOnline) })
        #expect(
            online == [
                "ping": true, "tcp": true, "tcp closed": false, "web": true, "web missing": false, "tls self-signed": false,
                "dns": true, "dns nxdomain": false, "silent tcp": false, "silent ping": false,
            ])
        for target in snapshot.targets {
            #expect((target.currentLatency != nil) == target.isOnline, "\(target.name)")
        }
        #expect(first.error.contains("web missing (http 10.77.0.10): HTTP 404"))
        #expect(first.error.contains("tls self-signed (https 10.77.0.10): certificate not trusted: self-signed"), "\(first.error)")
        #expect(first.error.contains("dns nxdomain (dns 10.77.0.10): resolver answered NXDOMAIN"))
        #expect(first.error.contains("silent ping (icmp 10.77.0.240): timed out after 0.5 s"))
        // The same reasons ride in the snapshot, dated, on the targets that are down only.
        let reasons = Dictionary(uniqueKeysWithValues: snapshot.targets.map { ($0.name, $0.lastError) })
        #expect(reasons["tcp closed"] == "connection refused")
        #expect(reasons["silent ping"] == "timed out after 0.5 s")
        #expect(reasons["web missing"]??.hasPrefix("HTTP 404") == true)
        #expect(reasons["dns nxdomain"]??.contains("NXDOMAIN") == true)
        for target in snapshot.targets {
            #expect((target.lastError == nil) == target.isOnline, "\(target.name)")
            #expect(target.lastErrorAt == (target.isOnline ? nil : snapshot.generatedAt), "\(target.name)")
        }

        let devices = Dictionary(uniqueKeysWithValues: snapshot.devices.map { ($0.macAddress!.text, $0) })
        #expect(devices.count == 6)
        #expect(devices["a4:2b:b0:00:00:01"]?.deviceType == .router)
        #expect(devices["3c:22:fb:00:00:10"]?.vendor == "Apple")
        #expect(devices["3c:22:fb:00:00:10"]?.hostname == "annas-iphone")
        #expect(devices["3c:22:fb:00:00:10"]?.deviceType == .phone)
        #expect(devices["b8:27:eb:00:00:11"]?.hostname == "pi-hallway")
        #expect(devices["b8:27:eb:00:00:11"]?.vendor == "Raspberry Pi Foundation")
        #expect(devices["3e:22:fb:00:00:12"]?.vendor == "Private address")
        #expect(devices["70:b3:d5:f2:f0:99"]?.vendor == "TELEPLATFORMS")
        #expect(devices["70:b3:d5:f2:f0:99"]?.customName == "Sweep box")
        #expect(devices["70:b3:d5:f2:f0:99"]?.deviceType == .tv)
        // The sink ignores ICMP but answered the sweep's ARP.
        #expect(devices["00:17:88:00:00:f0"]?.vendor == "Philips Lighting")
        #expect(devices["00:17:88:00:00:f0"]?.deviceType == .iot)
        #expect(snapshot.devices.allSatisfy { $0.status == .active })

        // dev2 goes silent; the client's next packet to it fails ARP, so its entry is FAILED.
        #expect(lab.run(in: "dev2", ["ip", "link", "set", "eth0", "down"]).status == 0)
        #expect(lab.run(in: "client", ["ip", "neigh", "flush", "to", "10.77.0.11"]).status == 0)
        let poke = "import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('10.77.0.11', 9))"
        #expect(lab.run(in: "client", ["python3", "-c", poke]).status == 0)
        var failed = false
        for _ in 0..<30 where !failed {
            Thread.sleep(forTimeInterval: 0.1)
            failed = lab.run(in: "client", ["ip", "neigh", "show", "10.77.0.11"]).output.contains("FAILED")
        }
        #expect(failed, "the silent device's neighbour entry never became FAILED")

        // No `ip` and no /proc/net/arp: the neighbours can only come from the netlink dump.
        let passive = try lab.write(
            "passive.json",
            """
            {"stateDirectory": "\(lab.workDirectory)/state",
             "paths": {"leases": [], "hosts": "\(hosts)", "oui": \(ouiFiles), "ip": "/nonexistent/ip", "arp": "/nonexistent/arp"}}
            """)
        let second = lab.run(in: "client", [runner, "gather", passive])
        #expect(second.status == 0, "\(second.error)")
        #expect(!second.error.contains("neighbour"), "\(second.error)")
        let later = try SnapshotDecoder.decode(Array(second.output.utf8))
        let silent = try #require(later.devices.first { $0.macAddress == MACAddress("b8:27:eb:00:00:11") })
        #expect(silent.status == .offline)
        #expect(silent.ipAddress == IPAddress("10.77.0.11"))
        #expect(silent.id == devices["b8:27:eb:00:00:11"]?.id)
        #expect(silent.lastSeen == devices["b8:27:eb:00:00:11"]?.lastSeen)
        let apple = try #require(later.devices.first { $0.macAddress == MACAddress("3c:22:fb:00:00:10") })
        #expect(apple.id == devices["3c:22:fb:00:00:10"]?.id)
        #expect(apple.firstSeen == devices["3c:22:fb:00:00:10"]?.firstSeen)
        #expect(apple.lastSeen > apple.firstSeen)
        #expect(later.targets.isEmpty)
        #expect(later.status.gatewayLatency == nil)
    }

    @Test func sweepFindsEveryLiveAddress() throws {
        let lab = try NamespaceLab(many: 120)
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        let config = try lab.write("sweep.json", #"{"stateDirectory": "\#(lab.workDirectory)/state"}"#)
        let result = lab.run(in: "client", [runner, "sweep", config])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        let responders = Set(lines.filter { $0.hasPrefix("responder ") }.map { String($0.dropFirst("responder ".count)) })
        let arpOnly = Set(lines.filter { $0.hasPrefix("arp-only ") }.map { String($0.dropFirst("arp-only ".count)) })
        // gw, dev1, dev2, dev3 and 10.77.0.50–169; the client's own .2 is not probed.
        let expected = Set(["10.77.0.1", "10.77.0.10", "10.77.0.11", "10.77.0.12"] + (50..<170).map { "10.77.0.\($0)" })
        #expect(responders == expected)
        // The sink's ten addresses drop the echo but answer ARP.
        #expect(arpOnly == Set((240..<250).map { "10.77.0.\($0)" }))
        #expect(result.output.contains("probed 253"))
    }

    /// As an unprivileged user no raw socket is allowed, so ICMP goes through the ping
    /// socket when the client namespace's net.ipv4.ping_group_range holds the user's group,
    /// and fails with advice naming the range when it does not.
    @Test func icmpWithoutPrivilegeUsesThePingSocketOrSaysHowToAllowIt() throws {
        let lab = try NamespaceLab(many: 1)
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        // The build folder may not be open to nobody; a copy in the lab's folder is.
        let copy = "\(lab.workDirectory)/GatherLabRunner"
        try FileManager.default.copyItem(atPath: runner, toPath: copy)
        let state = "\(lab.workDirectory)/nobody-state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let config = try lab.write(
            "ping-socket.json",
            """
            {"stateDirectory": "\(state)", "paths": {"leases": [], "oui": []}, "probes": {"timeout": 1, "retries": 0},
             "targets": [{"name": "ping", "kind": "icmp", "host": "10.77.0.10"}]}
            """)
        for (path, mode) in [(lab.workDirectory, 0o755), (copy, 0o755), (config, 0o644), (state, 0o777)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        let asNobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy, "gather", config]

        #expect(lab.run(in: "client", ["sysctl", "-qw", "net.ipv4.ping_group_range=0 2147483647"]).status == 0)
        let allowed = lab.run(in: "client", asNobody)
        #expect(allowed.status == 0, "\(allowed.error)")
        let reached = try #require(try SnapshotDecoder.decode(Array(allowed.output.utf8)).targets.first)
        #expect(reached.isOnline, "\(allowed.error)")
        #expect((reached.currentLatency ?? 0) > 0)

        #expect(lab.run(in: "client", ["sysctl", "-qw", "net.ipv4.ping_group_range=1 0"]).status == 0)
        let refused = lab.run(in: "client", asNobody)
        #expect(refused.status == 0, "\(refused.error)")
        let unreached = try #require(try SnapshotDecoder.decode(Array(refused.output.utf8)).targets.first)
        #expect(!unreached.isOnline)
        #expect(unreached.currentLatency == nil)
        #expect(refused.error.contains("target ping (icmp 10.77.0.10): ICMP not permitted: no raw socket"), "\(refused.error)")
        #expect(refused.error.contains(#"group 65534 is outside net.ipv4.ping_group_range "1 0""#), "\(refused.error)")
        #expect(refused.error.contains(#"sudo sysctl -w net.ipv4.ping_group_range="0 2147483647""#))
    }

    /// HTTPS checks the server against the system CA store (NIOSSL reads
    /// /etc/ssl/certs/ca-certificates.crt). `ip netns exec` mounts /etc/netns/NS/ssl over
    /// /etc/ssl for that one command, so the lab's certificate is trusted in the client only
    /// and the host's own store is never touched.
    @Test func httpsSucceedsWhenTheServerCertificateIsTrusted() throws {
        let lab = try NamespaceLab(many: 1)
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        let store = "/etc/netns/\(lab.prefix)-client/ssl/certs"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(lab.workDirectory)/cert.pem", toPath: "\(store)/ca-certificates.crt")
        let config = try lab.write(
            "https.json",
            """
            {"stateDirectory": "\(lab.workDirectory)/state", "paths": {"leases": [], "oui": []}, "probes": {"retries": 0},
             "targets": [
              {"name": "tls", "kind": "https", "host": "10.77.0.10", "port": 8443, "path": "/status", "expectStatus": 200, "timeout": 3},
              {"name": "tls missing", "kind": "https", "host": "10.77.0.10", "port": 8443, "path": "/missing", "timeout": 3}
             ]}
            """)
        let result = lab.run(in: "client", [runner, "gather", config])
        #expect(result.status == 0, "\(result.error)")
        let targets = Dictionary(uniqueKeysWithValues: try SnapshotDecoder.decode(Array(result.output.utf8)).targets.map { ($0.name, $0) })
        #expect(targets["tls"]?.isOnline == true, "\(result.error)")
        #expect((targets["tls"]?.currentLatency ?? 0) > 0)
        #expect(targets["tls missing"]?.isOnline == false)
        #expect(result.error.contains("tls missing (https 10.77.0.10): HTTP 404"), "\(result.error)")
        #expect(!result.error.contains("certificate"), "\(result.error)")
    }

    /// Addresses the client has no route to fail at once with the kernel's reason, for
    /// every kind: an `unreachable` route gives "no route to host", no matching route at
    /// all (the default route removed) "network unreachable". Only the lab's client
    /// namespace is changed; nothing is sent anywhere.
    @Test func unreachableTargetsSayWhy() throws {
        let lab = try NamespaceLab(many: 1)
        let runner = try #require(NamespaceLab.runnerPath, "GatherLabRunner not built beside the tests")
        #expect(lab.run(in: "client", ["ip", "route", "add", "unreachable", "198.51.100.0/24"]).status == 0)
        #expect(lab.run(in: "client", ["ip", "route", "del", "default"]).status == 0)
        let config = try lab.write(
            "unreachable.json",
            """
            {"stateDirectory": "\(lab.workDirectory)/state", "paths": {"leases": [], "oui": []},
             "probes": {"timeout": 2, "retries": 0},
             "targets": [
              {"name": "tcp no route", "kind": "tcp", "host": "198.51.100.1", "port": 80},
              {"name": "http no route", "kind": "http", "host": "198.51.100.1"},
              {"name": "ping no route", "kind": "icmp", "host": "198.51.100.1"},
              {"name": "tcp no network", "kind": "tcp", "host": "192.0.2.1", "port": 80},
              {"name": "https no network", "kind": "https", "host": "192.0.2.1"}
             ]}
            """)
        let start = Date()
        let result = lab.run(in: "client", [runner, "gather", config])
        #expect(result.status == 0, "\(result.error)")
        #expect(Date().timeIntervalSince(start) < 2, "unreachable targets should fail at once, not time out")
        let reasons = Dictionary(
            uniqueKeysWithValues: try SnapshotDecoder.decode(Array(result.output.utf8)).targets.map { ($0.name, $0.lastError) })
        #expect(reasons["tcp no route"] == "no route to host", "\(result.error)")
        #expect(reasons["http no route"] == "no route to host", "\(result.error)")
        #expect(reasons["ping no route"] == "no route to host", "\(result.error)")
        #expect(reasons["tcp no network"] == "network unreachable", "\(result.error)")
        #expect(reasons["https no network"] == "network unreachable", "\(result.error)")
    }

    private var ouiFiles: String {
        #"["\#(Fixture.path("oui.csv"))", "\#(Fixture.path("mam.csv"))", "\#(Fixture.path("oui36.csv"))"]"#
    }
}
