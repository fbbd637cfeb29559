import NetsnapConfiguration
import NetsnapLanguage
import NetsnapSettings
import Testing

@testable import NetsnapApp

/// The options the Supervisor writes, read as configuration overrides named after the option.
@Suite struct HomeAssistantOptionsTests {
    private func options(_ json: String) throws(ApplicationFailure) -> HomeAssistantOptions {
        try HomeAssistantOptions(json: Array(json.utf8), file: "/data/options.json")
    }

    @Test func optionsBecomeKeysLabelledWithTheirNames() throws {
        let read = try options(
            """
            {"source": "sample", "interval_seconds": 15, "gateway_latency": true, "sweep": true, "verbose": false,
             "targets": [{"name": "NAS", "kind": "tcp", "host": "nas.lan", "port": 445}],
             "mqtt_host": "core-mosquitto", "mqtt_port": 1883, "mqtt_username": "", "theme": "night", "locale": "de-DE",
             "clock": "12h", "later": 1}
            """)
        #expect(read.source == .sample && read.sweep && !read.verbose)
        #expect(read.namesBroker)
        #expect(read.unknown == ["later"])
        #expect(
            read.overrides == [
                ConfigurationOverride("watch.intervalSeconds", "15", flag: "option interval_seconds"),
                ConfigurationOverride("gather.gateway.latency", "true", flag: "option gateway_latency"),
                ConfigurationOverride(
                    "gather.targets", #"[{"name":"NAS","kind":"tcp","host":"nas.lan","port":445}]"#, flag: "option targets"),
                ConfigurationOverride("mqtt.host", "core-mosquitto", flag: "option mqtt_host"),
                ConfigurationOverride("mqtt.port", "1883", flag: "option mqtt_port"),
                ConfigurationOverride("pages.theme", "night", flag: "option theme"),
                ConfigurationOverride("locale", "de-DE", flag: "option locale"),
                ConfigurationOverride("clock", "12h", flag: "option clock"),
            ])
    }

    @Test func aValueOfTheWrongKindNamesTheOption() {
        let cases = [
            (#"{"interval_seconds": "30"}"#, #"error: /data/options.json: interval_seconds: expected a number, found "30""#),
            (#"{"sweep": 1}"#, "error: /data/options.json: sweep: expected true or false, found 1"),
            (#"{"targets": {}}"#, "error: /data/options.json: targets: expected a list, found an object"),
            (#"{"source": "mac"}"#, #"error: /data/options.json: source: expected gather or sample, found "mac""#),
            ("[]", "error: /data/options.json: expected a JSON object of options, found a list"),
            ("{", "error: /data/options.json: line 1: not valid JSON:"),
        ]
        for (json, message) in cases {
            #expect {
                try options(json)
            } throws: { error in
                (error as? ApplicationFailure).map { $0.status == .usage && $0.message.hasPrefix(message) } ?? false
            }
        }
    }

    @Test func theOptionsAreLaidOverTheFileAndThePresetsUnder() throws {
        let job = HomeAssistantAppJob(optionsFile: "/data/options.json", configFile: nil, environment: [:])
        let read = try options(#"{"interval_seconds": 12, "targets": [{"name": "Router", "kind": "icmp", "host": "192.168.1.1"}]}"#)
        let configuration = try job.resolve(read.overrides)
        #expect(configuration.watch.intervalSeconds == 12)
        #expect(configuration.gather.targets.map(\.name) == ["Router"])
        #expect(configuration.serve.port == HomeAssistantAppJob.ingressPort)
        #expect(configuration.serve.host == "0.0.0.0")
        #expect(configuration.serve.allowFrom.map(\.description) == [HomeAssistantAppJob.supervisorAddress])
        #expect(configuration.watch.stateDirectory == "/data/state")
        #expect(configuration.render.outputDirectory == "/tmp/netsnap")
        #expect(configuration.mqtt == nil)
        let moved = HomeAssistantAppJob(
            optionsFile: "/data/options.json", configFile: nil,
            environment: ["NETSNAP_SERVE_PORT": "9001", "NETSNAP_WATCH_INTERVAL_SECONDS": "99"])
        let resolved = try moved.resolve(read.overrides)
        #expect(resolved.serve.port == 9001)
        #expect(resolved.watch.intervalSeconds == 12)
    }

    @Test func theLanguageOptionsSpeakThroughEverySurfaceAndABadOneNamesTheOption() throws {
        let job = HomeAssistantAppJob(optionsFile: "/data/options.json", configFile: nil, environment: [:])
        let spoken = try job.resolve(try options(#"{"locale": "de-DE", "clock": "12h"}"#).overrides)
        #expect(spoken.render.wording.identifier == "de-DE" && spoken.render.wording.clock == .twelveHour)
        #expect(spoken.render.wording(Phrase.stale) == "Veraltet")
        #expect {
            try job.resolve(try options(#"{"locale": "??"}"#).overrides)
        } throws: { error in
            "\(error)".contains("option locale") && "\(error)".contains("\"??\"")
        }
    }
}
