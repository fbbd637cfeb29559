import NetsnapConfiguration
import NetsnapDisplays
import NetsnapRender
import NetsnapServer
import NetsnapTiles
import NetsnapWatch
import Testing

@Suite struct ServeSettingsTests {
    @Test func readsTheServeSection() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: """
                output: /srv/netsnap
                freshnessSeconds: 120
                serve:
                  host: "::1"
                  port: 9000
                  token: abcdefghijklmnop-123
                  publicPaths: [/badge.json, /healthz]
                  intervalSeconds: 15
                  connectionLimit: 32
                  connectionsPerAddress: 4
                  headerTimeoutSeconds: 1.5
                  requestTimeoutSeconds: 2.5
                  trmnlDevices: ["aa:bb:cc:dd:ee:ff", "11-22-33-44-55-66"]
                """, file: "netsnap.yml")
        let settings = ServeSettings(configuration: configuration)
        #expect(settings.host == "::1")
        #expect(settings.port == 9000)
        #expect(settings.token == "abcdefghijklmnop-123")
        #expect(settings.publicPaths == ["/badge.json", "/healthz"])
        #expect(settings.intervalSeconds == 15)
        #expect(settings.freshnessSeconds == 120)
        #expect(settings.connectionLimit == 32)
        #expect(settings.connectionsPerAddress == 4)
        #expect(settings.headerTimeoutSeconds == 1.5)
        #expect(settings.requestTimeoutSeconds == 2.5)
        #expect(settings.outputDirectory == "/srv/netsnap")
        #expect(settings.trmnlDevices.map(\.text) == ["aa:bb:cc:dd:ee:ff", "11:22:33:44:55:66"])
    }

    /// The health check's yardstick, decided in one place: the loop's interval when it runs in
    /// the same process, else `serve.intervalSeconds`, else the watch interval.
    @Test func theIntervalFollowsTheLoopInOnePlace() throws {
        let both = try ConfigurationLoader.parse(yaml: "watch:\n  intervalSeconds: 5\nserve:\n  intervalSeconds: 60\n", file: "n.yml")
        let alone = ServeSettings(serve: both.serve, render: both.render, watch: both.watch)
        let withLoop = ServeSettings(serve: both.serve, render: both.render, watch: both.watch, loopInProcess: true)
        #expect(alone.intervalSeconds == 60)
        #expect(withLoop.intervalSeconds == 5)
        let watchOnly = try ConfigurationLoader.parse(yaml: "watch:\n  intervalSeconds: 5\n", file: "n.yml")
        #expect(ServeSettings(serve: watchOnly.serve, render: watchOnly.render, watch: watchOnly.watch).intervalSeconds == 5)
    }

    @Test func tilesShowThePublicAddressAsAQRCode() throws {
        let configuration = try ConfigurationLoader.parse(yaml: "publicURL: https://netsnap.example/\n", file: "netsnap.yml")
        #expect(ServeSettings(configuration: configuration).qrURL == "https://netsnap.example/")
        #expect(ServeSettings(configuration: Configuration()).qrURL == nil)
    }

    @Test func defaultsBindLoopbackAndOpenNothingUnlessRedacted() throws {
        let plain = ServeSettings(configuration: Configuration())
        #expect(plain.host == "127.0.0.1")
        #expect(plain.port == 8080)
        #expect(plain.token == nil)
        #expect(plain.publicPaths.isEmpty)
        #expect(plain.connectionLimit == 256 && plain.connectionsPerAddress == 32)
        #expect(plain.headerTimeoutSeconds == 3 && plain.requestTimeoutSeconds == 10)
        #expect(plain.intervalSeconds == Configuration().watch.intervalSeconds)
        let redacted = ServeSettings(configuration: try ConfigurationLoader.parse(yaml: "redact: true", file: "n.yml"))
        #expect(redacted.publicPaths == ["/badge.json", "/summary.json"])
    }

    @Test(arguments: [
        ("serve: {token: short}", "serve.token"),
        ("serve: {token: \"has spaces in it, sixteen+\"}", "serve.token"),
        ("serve: {port: 70000}", "serve.port"),
        ("serve: {intervalSeconds: 0}", "serve.intervalSeconds"),
        ("serve: {connectionLimit: 0}", "serve.connectionLimit"),
        ("serve: {requestTimeoutSeconds: -1}", "serve.requestTimeoutSeconds"),
        ("serve: {connectionsPerAddress: 0}", "serve.connectionsPerAddress"),
        ("serve: {headerTimeoutSeconds: 0}", "serve.headerTimeoutSeconds"),
        ("serve: {publicPaths: [badge.json]}", "serve.publicPaths"),
        ("serve: {publicPaths: [/../etc/passwd]}", "serve.publicPaths"),
        ("serve: {publicPaths: [/%62adge.json]}", "serve.publicPaths"),
        ("serve: {hots: 127.0.0.1}", "serve.hots"),
        ("serve: {trmnlDevices: [AA:BB:CC]}", "serve.trmnlDevices"),
        ("serve: 8080", "serve"),
    ])
    func badValuesNameTheKey(yaml: String, key: String) {
        do {
            _ = try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect(error.key == key, "\(error)")
        }
    }
}

/// The display keys of `serve.trmnl:`, read strictly.
@Suite struct DisplayScheduleKeysTests {
    @Test func alertRefreshAndLowBatteryAreReadWithDefaults() throws {
        let defaults = ServeSettings(configuration: Configuration()).displaySchedule
        #expect(defaults.alertRefreshSeconds == 120 && defaults.lowBatteryPercent == 20)
        let yaml = "serve:\n  trmnl: {alertRefreshSeconds: 90, lowBatteryPercent: 30}"
        let set = ServeSettings(configuration: try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")).displaySchedule
        #expect(set.alertRefreshSeconds == 90 && set.lowBatteryPercent == 30)
    }

    @Test(arguments: ["alertRefreshSeconds: 5", "lowBatteryPercent: 101", "lowBatteryPercent: low"])
    func badValuesNameTheKey(entry: String) throws {
        let key = String(entry.prefix { $0 != ":" })
        #expect {
            _ = try ConfigurationLoader.parse(yaml: "serve:\n  trmnl: {\(entry)}", file: "n.yml")
        } throws: { error in
            "\(error)".contains("serve.trmnl.\(key)") && "\(error)".contains("n.yml")
        }
    }
}

/// `serve.trmnl.panels`: how each display is mounted, read strictly.
@Suite struct DisplayPanelKeysTests {
    @Test func panelsAreReadByMACAddress() throws {
        let yaml = """
            serve:
              trmnl:
                panels:
                  - {device: "aa:bb:cc:dd:ee:ff", rotate: 90, invert: true}
                  - {device: "11:22:33:44:55:66", colors: spectra6}
            """
        let panels = ServeSettings(configuration: try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")).displaySchedule.panels
        #expect(panels.count == 2)
        #expect(panels[0].device.text == "aa:bb:cc:dd:ee:ff" && panels[0].orientation == TileOrientation(degrees: 90, inverted: true))
        #expect(panels[1].palette == .spectra6 && panels[1].orientation == .upright)
        #expect(panels.allSatisfy { $0.screens == nil })
    }

    @Test func screensAreReadForAllDisplaysAndEach() throws {
        let yaml = """
            serve:
              trmnl:
                screens: [overview, qr]
                panels:
                  - {device: "aa:bb:cc:dd:ee:ff", screens: [targets, devices, overview]}
                  - {device: "917f0b", colors: bwr}
            """
        let schedule = ServeSettings(configuration: try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")).displaySchedule
        #expect(schedule.screens == [.overview, .qr])
        #expect(schedule.panels[0].screens == [.targets, .devices, .overview])
        #expect(schedule.panels[1].device == .friendlyID("917F0B") && schedule.panels[1].screens == nil)
        #expect(DisplaySchedule().screens == [.overview], "the default stays one screen")
    }

    @Test(arguments: [
        ("{device: nope}", "serve.trmnl.panels[0].device"), ("{rotate: 90}", "serve.trmnl.panels[0].device"),
        ("{device: \"aa:bb:cc:dd:ee:ff\", rotate: 45}", "serve.trmnl.panels[0].rotate"),
        ("{device: \"aa:bb:cc:dd:ee:ff\", colors: rainbow}", "serve.trmnl.panels[0].colors"),
        ("{device: \"aa:bb:cc:dd:ee:ff\", flip: true}", "serve.trmnl.panels[0].flip"),
        ("{device: \"aa:bb:cc:dd:ee:ff\", screens: [weather]}", "serve.trmnl.panels[0].screens"),
        ("{device: \"aa:bb:cc:dd:ee:ff\", screens: []}", "serve.trmnl.panels[0].screens"),
        ("{device: 917F0G}", "serve.trmnl.panels[0].device"),
    ])
    func badEntriesNameTheKey(entry: String, key: String) throws {
        #expect {
            _ = try ConfigurationLoader.parse(yaml: "serve:\n  trmnl:\n    panels: [\(entry)]", file: "n.yml")
        } throws: { error in
            "\(error)".contains(key)
        }
    }
}

extension ServeSettings {
    /// The server's settings as `serve` makes them from a whole configuration.
    init(configuration: Configuration) {
        self.init(serve: configuration.serve, render: configuration.render, watch: configuration.watch)
    }
}

/// `serve.tronbyt`: brightness and dwell for all Tronbyts and by device name, read strictly.
@Suite struct TronbytKeysTests {
    @Test func theSectionAndItsDevicesAreRead() throws {
        let yaml = """
            serve:
              tronbyt:
                brightness: 70
                nightBrightness: 0
                dwellSeconds: 30
                devices:
                  - {device: hall-matrix, brightness: 40}
            """
        let tronbyt = ServeSettings(configuration: try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")).tronbyt
        #expect(tronbyt.brightness == 70 && tronbyt.nightBrightness == 0 && tronbyt.dwellSeconds == 30)
        #expect(tronbyt.devices == [TronbytSettings.Device(name: "hall-matrix", brightness: 40)])
    }

    @Test(arguments: [
        ("brightness: 101", "serve.tronbyt.brightness"), ("nightBrightness: -1", "serve.tronbyt.nightBrightness"),
        ("dwellSeconds: 1", "serve.tronbyt.dwellSeconds"), ("devices: [{device: a.b}]", "serve.tronbyt.devices[0].device"),
        ("devices: [{device: hall, dim: 3}]", "serve.tronbyt.devices[0].dim"), ("glow: 1", "serve.tronbyt.glow"),
    ])
    func badValuesNameTheKey(entry: String, key: String) throws {
        #expect {
            _ = try ConfigurationLoader.parse(yaml: "serve:\n  tronbyt:\n    \(entry)", file: "n.yml")
        } throws: { error in
            "\(error)".contains(key)
        }
    }
}
