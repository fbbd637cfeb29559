import Foundation
import NetsnapSettings
import NetsnapTestSupport
import Testing

@testable import NetsnapConfiguration

/// A command's presets sit between the defaults and the file; a list of mappings can be
/// handed over as JSON by a command (`homeassistant-app`'s targets), with the file's checks.
@Suite struct ConfigurationPresetsTests {
    @Test func aPresetSetsWhatTheFileLeavesUnsetAndTheEnvironmentStillWins() throws {
        let folder = try TemporaryFolder.make("presets")
        let path = folder + "/netsnap.yml"
        try "serve:\n  port: 9100\n".write(toFile: path, atomically: true, encoding: .utf8)
        let presets = [
            ConfigurationOverride("serve.port", "8943", flag: "app"), ConfigurationOverride("serve.host", "0.0.0.0", flag: "app"),
            ConfigurationOverride("state", "/data/state", flag: "app"),
        ]
        let resolved = try ConfigurationResolver.resolve(
            file: path, environment: ["NETSNAP_STATE": "/elsewhere"], overrides: [], presets: presets)
        #expect(resolved.configuration.serve.port == 9100)
        #expect(resolved.configuration.serve.host == "0.0.0.0")
        #expect(resolved.configuration.watch.stateDirectory == "/elsewhere")
        #expect(resolved.source(of: "serve.host") == .preset("app"))
        #expect(resolved.source(of: "serve.port") == .file(path: path, line: 2))
    }

    @Test func aBadPresetOrListNamesWhereItCameFrom() {
        #expect {
            try ConfigurationResolver.resolve(file: nil, presets: [ConfigurationOverride("serve.allowFrom", "lan", flag: "app")])
        } throws: { error in
            (error as? ConfigurationError)?.description
                == #"error: app: serve.allowFrom: "lan" is not an IP address or CIDR block such as 172.30.32.2 or 10.0.0.0/8"#
        }
        #expect {
            try ConfigurationResolver.resolve(
                file: nil, overrides: [ConfigurationOverride("gather.targets", "router", flag: "option targets")])
        } throws: { error in
            (error as? ConfigurationError)?.description.hasPrefix("error: option targets: gather.targets:") ?? false
        }
    }

    @Test func aListOfMappingsArrivesAsJSON() throws {
        let targets = #"[{"name": "NAS", "kind": "tcp", "host": "nas.lan", "port": 445}]"#
        let resolved = try ConfigurationResolver.resolve(
            file: nil, overrides: [ConfigurationOverride("gather.targets", targets, flag: "option targets")])
        #expect(resolved.configuration.gather.targets.map(\.host) == ["nas.lan"])
    }
}
