import Foundation
import NetsnapModel
import NetsnapSettings
import Testing

@testable import NetsnapGather

@Suite struct GatherConfigurationTests {
    private func decode(_ json: String) throws(ConfigurationError) -> GatherConfiguration {
        try GatherConfiguration.parse(section: json, file: "netsnap.yml")
    }

    /// The message a reading error carries, with its dotted key.
    private func failure(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "decoded"
        } catch {
            return "\(error.key): \(error.message)"
        }
    }

    @Test func emptySectionProbesNothing() throws {
        let configuration = try decode("{}")
        #expect(configuration == GatherConfiguration())
        #expect(configuration.targets.isEmpty)
        #expect(!configuration.gateway.latency)
        #expect(configuration.publicIP == nil)
        #expect(!configuration.sweep.enabled)
    }

    @Test func fullSection() throws {
        let configuration = try decode(
            """
            {"name": "Pi", "stateDirectory": "/tmp/s", "forgetDevicesAfterDays": 7,
             "paths": {"oui": ["/o.csv"], "leases": [], "ip": "/sbin/ip"},
             "gateway": {"latency": true, "pings": 5, "timeout": 0.5},
             "probes": {"concurrency": 8, "timeout": 1, "retries": 2},
             "targets": [{"name": "NAS", "kind": "tcp", "host": "192.168.1.10", "port": 445, "retries": 0},
                         {"kind": "dns", "host": "system", "query": "example.org"}],
             "publicIP": {"url": "http://192.168.1.2/ip", "fields": {"ip": "query", "asn": "as"}},
             "devices": [{"mac": "3C-22-FB-AA-BB-CC", "name": "Anna's iPhone", "type": "phone"}],
             "sweep": {"enabled": true, "subnet": "192.168.1.0/24", "retries": 0}}
            """)
        #expect(configuration.name == "Pi")
        #expect(configuration.paths.oui == ["/o.csv"])
        #expect(configuration.paths.route == "/proc/net/route")
        #expect(configuration.gateway == GatewayProbeConfiguration(latency: true, pings: 5, timeout: 0.5))
        #expect(configuration.targets[0] == ProbeTarget(name: "NAS", kind: .tcp, host: "192.168.1.10", port: 445, retries: 0))
        #expect(configuration.targets[1].name == "system")
        #expect(configuration.publicIP?.fields == PublicIPConfiguration.FieldMapping(ip: "query", asn: "as"))
        #expect(configuration.devices == [DeviceOverride(mac: MACAddress("3c:22:fb:aa:bb:cc")!, name: "Anna's iPhone", type: .phone)])
        #expect(configuration.sweep.subnet == "192.168.1.0/24")
        #expect(configuration.sweep.timeout == 1)
    }

    @Test func unknownKeysAreNamedAtEveryLevel() {
        #expect(failure(#"{"target": []}"#).hasPrefix("gather.target: unknown key (known keys: name, stateDirectory"))
        #expect(failure(#"{"paths": {"ouiFile": "x"}}"#).hasPrefix("gather.paths.ouiFile: unknown key"))
        #expect(failure(#"{"targets": [{"kind": "icmp", "host": "h", "timout": 1}]}"#).hasPrefix("gather.targets[0].timout: unknown key"))
        #expect(
            failure(#"{"publicIP": {"url": "http://x", "fields": {"town": "c"}}}"#).hasPrefix("gather.publicIP.fields.town: unknown key"))
        #expect(failure(#"{"sweep": {"subnets": "x"}}"#).hasPrefix("gather.sweep.subnets: unknown key"))
    }

    @Test func invalidValuesSayWhatWasExpected() {
        #expect(failure(#"{"targets": [{"kind": "smtp", "host": "h"}]}"#).contains(#"unknown kind "smtp""#))
        #expect(failure(#"{"targets": [{"kind": "tcp", "host": "h"}]}"#).contains("a tcp target needs a port"))
        #expect(failure(#"{"targets": [{"kind": "dns", "host": "system"}]}"#).contains("needs a query"))
        #expect(failure(#"{"devices": [{"mac": "zz:11"}]}"#).contains(#""zz:11" is not a MAC address"#))
        #expect(failure(#"{"devices": [{"mac": "3c:22:fb:aa:bb:cc", "type": "fridge"}]}"#).contains(#"unknown type "fridge""#))
        #expect(failure(#"{"sweep": {"subnet": "10.0.0.0/33"}}"#).contains("expected an IPv4 subnet"))
        #expect(failure(#"{"probes": {"timeout": 0}}"#) == #"gather.probes.timeout: expected a number from 0.001 to 3600, found "0""#)
        #expect(failure(#"{"publicIP": {"url": "ftp://x"}}"#).contains("http:// or https://"))
    }

    /// Every key the section declares is read: set alone to a value other than its default,
    /// each changes the configuration (a declared key the reader ignored would not).
    @Test func everyDeclaredKeyIsRead() throws {
        let special = ["gather.sweep.subnet": "10.0.0.0/24", "gather.publicIP.url": "http://192.0.2.1/ip"]
        for key in GatherConfiguration.keys where ![.section, .items].contains(key.kind) {
            let value: String
            switch key.kind {
            case .bool: value = "true"
            case .integer: value = "2"
            case .number: value = "7"
            case .list: value = "[/x]"
            default: value = special[key.path] ?? "/x"
            }
            let levels = key.levels.dropFirst()
            var text = ""
            for (depth, level) in levels.enumerated() {
                let indent = String(repeating: "  ", count: depth)
                text += depth == levels.count - 1 ? "\(indent)\(level): \(value)\n" : "\(indent)\(level):\n"
                if level == "publicIP", key.path != "gather.publicIP.url" { text += "  url: http://192.0.2.1/ip\n" }
            }
            let read = try GatherConfiguration.parse(section: text, file: "netsnap.yml")
            var baseline = GatherConfiguration()
            if key.path.hasPrefix("gather.publicIP."), key.path != "gather.publicIP.url" {
                baseline.publicIP = PublicIPConfiguration(url: "http://192.0.2.1/ip")
            }
            #expect(read != baseline, "\(key.path) is declared but not read")
        }
    }
}
