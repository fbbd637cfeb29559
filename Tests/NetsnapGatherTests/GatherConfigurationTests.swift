import Foundation
import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct GatherConfigurationTests {
    private func decode(_ json: String) throws -> GatherConfiguration {
        try JSONDecoder().decode(GatherConfiguration.self, from: Data(json.utf8))
    }

    /// The message a decoding error carries, with its path.
    private func failure(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "decoded"
        } catch let DecodingError.dataCorrupted(context) {
            return context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
        } catch {
            return "\(error)"
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
        #expect(failure(#"{"target": []}"#).hasPrefix(#"target: unknown key "target"; allowed here: name, paths"#))
        #expect(failure(#"{"paths": {"ouiFile": "x"}}"#).hasPrefix(#"paths.ouiFile: unknown key "ouiFile""#))
        #expect(failure(#"{"targets": [{"kind": "icmp", "host": "h", "timout": 1}]}"#).contains(#"unknown key "timout""#))
        #expect(failure(#"{"publicIP": {"url": "http://x", "fields": {"town": "c"}}}"#).contains(#"unknown key "town""#))
        #expect(failure(#"{"sweep": {"subnets": "x"}}"#).contains(#"unknown key "subnets""#))
    }

    @Test func invalidValuesSayWhatWasExpected() {
        #expect(failure(#"{"targets": [{"kind": "smtp", "host": "h"}]}"#).contains(#"unknown kind "smtp""#))
        #expect(failure(#"{"targets": [{"kind": "tcp", "host": "h"}]}"#).contains("a tcp target needs a port"))
        #expect(failure(#"{"targets": [{"kind": "dns", "host": "system"}]}"#).contains("needs a query"))
        #expect(failure(#"{"devices": [{"mac": "zz:11"}]}"#).contains(#""zz:11" is not a MAC address"#))
        #expect(failure(#"{"devices": [{"mac": "3c:22:fb:aa:bb:cc", "type": "fridge"}]}"#).contains(#"unknown type "fridge""#))
        #expect(failure(#"{"sweep": {"subnet": "10.0.0.0/33"}}"#).contains("expected an IPv4 subnet"))
        #expect(failure(#"{"probes": {"timeout": 0}}"#).contains("expected seconds > 0"))
        #expect(failure(#"{"publicIP": {"url": "ftp://x"}}"#).contains("http:// or https://"))
    }

    @Test func allowedKeysCoverEverySection() {
        #expect(GatherConfiguration.allowedKeys["gather"]?.contains("sweep") == true)
        #expect(GatherConfiguration.allowedKeys["gather.targets[]"]?.contains("expectStatus") == true)
        #expect(GatherConfiguration.allowedKeys.count == 9)
    }
}
