import Foundation
import Testing

@testable import NetsnapSettings

/// The settings core on its own, with a catalogue of two made-up features: it knows no
/// netsnap feature, lays the layers in their order and says where each value came from.
@Suite struct SettingsLayersTests {
    static let keys = KeyCatalogue([
        .init("lamp", .section, "A made-up feature."),
        .init("lamp.watts", .integer, default: "40", "Its power."),
        .init("lamp.colour", .string, default: "white", "Its light."),
        .init("lamp.rooms", .list, default: "[]", "Where it shines."),
        .init("lamp.schedule", .items, default: "[]", "When it is on."),
        .init("lamp.secret", .string, note: "none", secret: true, "A password."),
        .init("name", .string, note: "none", "A top-level key."),
    ])

    private func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString).yml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theCatalogueIndexesPathsSectionsAndVariables() {
        #expect(Self.keys.names(in: "lamp") == ["watts", "colour", "rooms", "schedule", "secret"])
        #expect(Self.keys.names(in: "") == ["lamp", "name"])
        #expect(Self.keys.key("lamp.watts")?.kind == .integer)
        #expect(Self.keys.key(environmentName: "NETSNAP_LAMP_WATTS")?.path == "lamp.watts")
        #expect(Self.keys.key(environmentName: "NETSNAP_LAMP") == nil)
    }

    @Test func presetsFileVariablesAndFlagsLayInOrder() throws {
        let path = try file("lamp:\n  watts: 60\n  colour: red\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let layers = try SettingsLayers.layer(
            file: path, environment: ["NETSNAP_LAMP_COLOUR": "blue", "NETSNAP_NAME": "hall"],
            overrides: [ConfigurationOverride("name", "porch", flag: "--name")],
            presets: [ConfigurationOverride("lamp.watts", "100", flag: "app"), ConfigurationOverride("lamp.rooms", "hall", flag: "app")],
            keys: Self.keys)
        let lamp = try #require(try layers.reader(keys: Self.keys).section("lamp"))
        #expect(try lamp.integer("watts", in: 0...1000) == 60)  // the file wins over a preset
        #expect(try lamp.strings("rooms") == ["hall"])  // a preset fills what the file leaves unset
        #expect(try lamp.string("colour") == "blue")  // a variable wins over the file
        #expect(try layers.reader(keys: Self.keys).string("name") == "porch")  // a flag wins over a variable
        #expect(layers.source(of: "lamp.watts") == .file(path: path, line: 2))
        #expect(layers.source(of: "lamp.rooms") == .preset("app"))
        #expect(layers.source(of: "lamp.colour") == .environment("NETSNAP_LAMP_COLOUR"))
        #expect(layers.source(of: "name") == .flag("--name"))
        #expect(layers.source(of: "lamp.secret") == .defaultValue)
    }

    @Test func anErrorNamesWhatSetTheValue() throws {
        let layers = try SettingsLayers.layer(
            file: nil, environment: ["NETSNAP_LAMP_WATTS": "lots"],
            overrides: [ConfigurationOverride("lamp.schedule", #"[{"from": 7}]"#, flag: "--schedule")], presets: [], keys: Self.keys)
        let lamp = try #require(try layers.reader(keys: Self.keys).section("lamp"))
        let watts = #expect(throws: ConfigurationError.self) { try lamp.integer("watts", in: 0...1000) }
        #expect(
            layers.relabel(try #require(watts)).description
                == #"error: $NETSNAP_LAMP_WATTS: lamp.watts: expected an integer from 0 to 1000, found "lots""#)
        let item = try #require(try lamp.sections("schedule")?.first)
        let unknown = #expect(throws: ConfigurationError.self) { try item.checkKeys(["to"]) }
        #expect(layers.relabel(try #require(unknown)).description.hasPrefix("error: --schedule: lamp.schedule[0].from: unknown key"))
    }

    @Test func onlyDeclaredKeysCanBeSetOrRead() throws {
        #expect(throws: ConfigurationError.self) {
            try SettingsLayers.layer(
                file: nil, environment: [:], overrides: [ConfigurationOverride("lamp.volts", "3", flag: "--volts")], presets: [],
                keys: Self.keys)
        }
        #expect(
            SettingsLayers.unknownVariables(in: ["NETSNAP_LAMP_VOLTS": "3", "NETSNAP_CONFIG": "x", "PATH": "/bin"], keys: Self.keys) == [
                "NETSNAP_LAMP_VOLTS"
            ])
        let path = try file("lamp:\n  volts: 3\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lamp = try #require(
            try SettingsLayers.layer(file: path, environment: [:], overrides: [], presets: [], keys: Self.keys)
                .reader(keys: Self.keys).section("lamp"))
        let error = #expect(throws: ConfigurationError.self) { try lamp.checkDocumentedKeys() }
        #expect(error?.line == 2 && error?.key == "lamp.volts")
    }

    @Test func aSectionAloneIsReadAtItsPath() throws {
        let reader = try ConfigurationReader(yaml: #"{"watts": "x"}"#, file: "lamp.json", keys: Self.keys, at: "lamp")
        try reader.checkDocumentedKeys()
        let error = #expect(throws: ConfigurationError.self) { try reader.integer("watts", in: 0...10) }
        #expect(error?.key == "lamp.watts")
        #expect(try reader.sections("schedule") { item throws(ConfigurationError) in try item.string("from") } == [])
    }
}
