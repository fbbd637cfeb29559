import Foundation
import NetsnapSettings
import NetsnapTestSupport
import Testing

@testable import NetsnapConfiguration

/// Defaults < file < NETSNAP_* < flags, read once, each value's origin kept.
@Suite struct ConfigurationResolverTests {
    private func file(_ yaml: String) throws -> String {
        let folder = try TemporaryFolder.make("resolver")
        let path = folder + "/netsnap.yml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func eachLayerOverridesTheOneBefore() throws {
        let path = try file("output: /from/file\nwatch:\n  intervalSeconds: 10\ntiles:\n  sizes: [small]\nbadgeLabel: file\n")
        let resolved = try ConfigurationResolver.resolve(
            file: path,
            environment: ["NETSNAP_WATCH_INTERVAL_SECONDS": "20", "NETSNAP_BADGE_LABEL": "env", "NETSNAP_TILES_SIZES": "medium, large"],
            overrides: [ConfigurationOverride("badgeLabel", "flag", flag: "--label")])
        let configuration = resolved.configuration
        #expect(configuration.render.outputDirectory == "/from/file")
        #expect(configuration.watch.intervalSeconds == 20)
        #expect(configuration.render.badgeLabel == "flag")
        #expect(configuration.render.tiles.sizes.map(\.rawValue) == ["medium", "large"])
        #expect(configuration.render.feedItems == 100)
        #expect(resolved.source(of: "output") == .file(path: path, line: 1))
        #expect(resolved.source(of: "watch.intervalSeconds") == .environment("NETSNAP_WATCH_INTERVAL_SECONDS"))
        #expect(resolved.source(of: "badgeLabel") == .flag("--label"))
        #expect(resolved.source(of: "events.feedItems") == .defaultValue)
    }

    @Test func aVariableMakesTheSectionItNeeds() throws {
        let resolved = try ConfigurationResolver.resolve(
            file: nil, environment: ["NETSNAP_MQTT_HOST": "broker.lan", "NETSNAP_MQTT_PASSWORD": "12345", "NETSNAP_MQTT_USERNAME": "null"])
        #expect(resolved.configuration.mqtt?.host == "broker.lan")
        // A string key's value stays a string whatever it looks like.
        #expect(resolved.configuration.mqtt?.password == "12345")
        #expect(resolved.configuration.mqtt?.username == "null")
    }

    @Test func badValuesNameTheVariableOrTheFlag() throws {
        #expect {
            try ConfigurationResolver.resolve(file: nil, environment: ["NETSNAP_WATCH_INTERVAL_SECONDS": "0"])
        } throws: { error in
            (error as? ConfigurationError)?.description
                == "error: $NETSNAP_WATCH_INTERVAL_SECONDS: watch.intervalSeconds: expected a number from 1 to 86400, found \"0\""
        }
        #expect {
            try ConfigurationResolver.resolve(file: nil, overrides: [ConfigurationOverride("tiles.sizes", "huge", flag: "--sizes")])
        } throws: { error in
            (error as? ConfigurationError)?.description == "error: --sizes: tiles.sizes: \"huge\" is not one of small, medium, large"
        }
    }

    @Test func fileErrorsStillNameTheFileAndLine() throws {
        let path = try file("output: x\nwatch:\n  intervalSeconds: nope\n")
        #expect {
            try ConfigurationResolver.resolve(file: path, environment: ["NETSNAP_OUTPUT": "y"])
        } throws: { error in
            let error = error as? ConfigurationError
            return error?.file == path && error?.line == 3 && error?.key == "watch.intervalSeconds"
        }
    }

    @Test func unknownVariablesAreFoundNotApplied() throws {
        let environment = ["NETSNAP_OUTPU": "typo", "NETSNAP_CONFIG": "/x.yml", "HOME": "/root", "NETSNAP_OUTPUT": "ok"]
        #expect(ConfigurationResolver.unknownVariables(in: environment) == ["NETSNAP_OUTPU"])
        #expect(try ConfigurationResolver.resolve(file: nil, environment: environment).configuration.render.outputDirectory == "ok")
    }

    @Test func aFlagForAKeyThatIsNoneIsRefused() {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationResolver.resolve(file: nil, overrides: [ConfigurationOverride("gather.targets", "x", flag: "--targets")])
        }
    }
}
