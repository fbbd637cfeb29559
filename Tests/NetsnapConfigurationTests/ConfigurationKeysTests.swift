import Foundation
import NetsnapGather
import NetsnapModel
import NetsnapSettings
import NetsnapTestSupport
import Testing

@testable import NetsnapConfiguration

/// Every key is documented once, with a default that is the code's, and `config show` prints
/// a file that reads back as the same configuration.
@Suite struct ConfigurationKeysTests {
    @Test func pathsAndVariablesAreUnique() {
        let paths = ConfigurationKeys.all.map(\.path)
        #expect(Set(paths).count == paths.count)
        let names = ConfigurationKeys.all.compactMap(\.environmentName)
        #expect(Set(names).count == names.count)
        #expect(ConfigurationKeys.key("watch.intervalSeconds")?.environmentName == "NETSNAP_WATCH_INTERVAL_SECONDS")
        #expect(ConfigurationKeys.key("gather.paths.ipv6Route")?.environmentName == "NETSNAP_GATHER_PATHS_IPV6_ROUTE")
    }

    /// The keys commands set by name are declared keys, none a section.
    @Test func everyNamedSettingIsADeclaredKey() {
        for path in SettingPath.allCases {
            let key = ConfigurationKeys.key(path.rawValue)
            #expect(key != nil && key?.kind != .section, "\(path) names no settable key")
        }
    }

    @Test func everySectionIsListedBeforeItsKeys() {
        var seen: Set<String> = [""]
        for key in ConfigurationKeys.all {
            #expect(seen.contains(key.parent), "\(key.path) comes before its section")
            seen.insert(key.path)
        }
    }

    @Test func showOfTheDefaultsReadsBackAsTheDefaults() throws {
        let shown = try ConfigurationResolver.resolve(file: nil).yaml
        #expect(try ConfigurationLoader.parse(yaml: shown, file: "shown.yml") == Configuration())
        let optionalSections = ["mqtt.", "sites.", "notify.", "speed."]
        for key in ConfigurationKeys.all where !optionalSections.contains(where: key.path.hasPrefix) {
            guard !key.path.hasPrefix("gather.publicIP.") else { continue }
            #expect(shown.contains("\(key.name):"), "\(key.path) is missing from config show")
        }
    }

    @Test func showOfAFileReadsBackAsTheSameConfiguration() throws {
        let folder = try TemporaryFolder.make("show")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/netsnap.yml"
        try """
        output: "/srv/net snap: #1"
        nightFrom: "22:00"
        nightUntil: "07:00"
        tiles: {sizes: [small, large], scales: [1, 3], displays: [trmnl, 400x300:gray4]}
        gather:
          targets:
            - {name: "NAS, upstairs", kind: tcp, host: 10.0.0.2, port: 445}
          publicIP: {url: "https://ip.example/json", fields: {isp: org}}
        mqtt: {host: broker.lan, topicPrefix: home/netsnap, keepAliveSeconds: 45}
        notify:
          cooldownSeconds: 60
          quietHours: {from: "23:00", to: "06:30", timeZone: Europe/Zurich}
        speed: {iperf3: 10.0.0.2, seconds: 3, alertBelowMbps: 50, alertAfterRuns: 2}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let resolved = try ConfigurationResolver.resolve(file: path, environment: ["NETSNAP_SERVE_PORT": "9000"])
        let shown = resolved.yaml
        #expect(shown.contains("port: 9000"))
        #expect(shown.contains("# env NETSNAP_SERVE_PORT"))
        #expect(shown.contains("# \(path):1"))
        #expect(try ConfigurationLoader.parse(yaml: shown, file: "shown.yml") == resolved.configuration)
        #expect(resolved.configuration.gather.speed?.source == .iperf3(host: "10.0.0.2", port: 5201, seconds: 3))
        #expect(resolved.configuration.watch.speedAlert == SpeedAlert(belowMbps: 50, afterRuns: 2))
    }

    @Test func secretsAreHidden() throws {
        let resolved = try ConfigurationResolver.resolve(
            file: nil,
            environment: ["NETSNAP_MQTT_HOST": "b", "NETSNAP_MQTT_USERNAME": "u", "NETSNAP_MQTT_PASSWORD": "hunter2-very-secret"])
        let shown = resolved.yaml
        #expect(!shown.contains("hunter2"))
        #expect(shown.contains("password: \"(hidden)\""))
    }

    @Test func theReferenceListsEveryKeyOnce() {
        let reference = ConfigurationReference.markdown(ConfigurationKeys.catalogue)
        for key in ConfigurationKeys.all where key.kind != .section || !key.parent.isEmpty {
            #expect(reference.components(separatedBy: "\n| `\(key.path)` |").count == 2, "\(key.path)")
        }
    }
}
