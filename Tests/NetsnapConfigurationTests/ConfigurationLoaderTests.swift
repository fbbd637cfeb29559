import NetsnapSettings
import Testing

@testable import NetsnapConfiguration

@Suite struct ConfigurationLoaderTests {
    @Test func readsEveryKey() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: """
                output: /srv/netsnap
                freshnessSeconds: 120
                latencyThresholdMs: 50.5
                lossThresholdPercent: 2.5
                jitterThresholdMs: 12
                badgeLabel: home
                redact: true
                """, file: "netsnap.yml")
        #expect(configuration.render.outputDirectory == "/srv/netsnap")
        #expect(configuration.render.widgets.freshnessSeconds == 120)
        #expect(configuration.render.widgets.latencyThresholdMs == 50.5)
        #expect(configuration.render.widgets.lossThresholdPercent == 2.5)
        #expect(configuration.render.widgets.jitterThresholdMs == 12)
        #expect(configuration.render.badgeLabel == "home")
        #expect(configuration.render.redact)
    }

    @Test func publicURLBecomesTheQRCodeOfTilesAndPages() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: "publicURL: https://netsnap.example/\ntiles:\n  displays: [trmnl]\n", file: "netsnap.yml")
        #expect(configuration.render.pages.qrURL == "https://netsnap.example/")
        #expect(!configuration.render.tiles.requests.isEmpty)
        #expect(configuration.render.tiles.requests.allSatisfy { $0.qrURL == "https://netsnap.example/" })
        #expect(Configuration().render.tiles.requests.allSatisfy { $0.qrURL == nil })
        #expect(Configuration().render.pages.qrURL == nil)
    }

    @Test func emptyFileMeansDefaults() throws {
        #expect(try ConfigurationLoader.parse(yaml: "", file: "netsnap.yml") == Configuration())
    }

    @Test func unknownKeyIsNamed() {
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse(yaml: "ouptut: x", file: "n.yml") }
        do {
            _ = try ConfigurationLoader.parse(yaml: "redact: false\nouptut: x", file: "n.yml")
        } catch {
            #expect(error.description.hasPrefix("error: n.yml: line 2: ouptut: unknown key"))
        }
    }

    @Test(arguments: [
        "freshnessSeconds: soon", "freshnessSeconds: 0", "latencyThresholdMs: -1", "lossThresholdPercent: 101",
        "jitterThresholdMs: -1", "redact: maybe",
        "badgeLabel: [a, b]", "- just\n- a list",
    ])
    func badValueIsAnErrorNamingTheKey(_ yaml: String) {
        do {
            _ = try ConfigurationLoader.parse(yaml: yaml, file: "n.yml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            let key = yaml.split(separator: ":").first.map(String.init) ?? ""
            if !yaml.hasPrefix("-") { #expect(error.key == key) }
            #expect(error.description.contains("n.yml"))
        }
    }

    @Test func tilesSectionChoosesDisplaysAndTheirDithering() throws {
        let configuration = try ConfigurationLoader.parse(
            yaml: """
                tiles:
                  displays: [trmnl-gray, 1024x600:gray4]
                  displayTheme: night
                  dithering: floyd-steinberg
                """, file: "netsnap.yml")
        let screens = configuration.render.tiles.requests.filter {
            if case .display = $0.target { true } else { false }
        }
        #expect(screens.map(\.fileName) == ["tiles/trmnl-gray-night.png", "tiles/1024x600-gray4-night.png"])
        #expect(screens.allSatisfy { $0.dithering == .floydSteinberg })
        #expect(Configuration().render.tiles.dithering == .ordered)
    }

    @Test func unknownDitheringIsRefusedWithItsLine() {
        do {
            _ = try ConfigurationLoader.parse(yaml: "tiles:\n  dithering: atkinson", file: "n.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.key == "tiles.dithering")
            #expect(error.description.contains("n.yml: line 2"))
            #expect(error.description.contains("floyd-steinberg"))
            #expect(error.description.contains("\"atkinson\""))
        }
    }
}
