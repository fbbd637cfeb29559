import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapPush
import NetsnapRaster
import NetsnapWidgets
import Testing

@testable import NetsnapRender

/// While maintenance covers something every surface says so: the widget models `serve` and
/// push read, the tiles' footer, the dashboard's banner, and Home Assistant's entities; and
/// outputs drawn before it began are drawn again.
@Suite struct MaintenanceSurfacesTests {
    static let taken = Date(timeIntervalSince1970: 1_795_257_727)

    static func coverage() -> MaintenanceCoverage {
        var coverage = MaintenanceCoverage()
        let nas = SampleSnapshot.snapshot.targets.first { $0.name == "NAS" }
        coverage.targetIDs = Set([nas?.id].compactMap { $0 })
        coverage.notes = ["firmware <update>"]
        return coverage
    }

    static func render(_ maintenance: MaintenanceCoverage?, reuse: RenderReuse? = nil) throws -> (WidgetSet, [String: [UInt8]]) {
        var settings = RenderSettings()
        settings.tiles.sizes = [.medium]
        settings.tiles.themes = [.light]
        let renderer = try OutputRenderer.make(settings: settings)
        let (widgets, files) = try renderer.renderWithWidgets(
            SampleSnapshot.snapshot.redated(to: taken), now: taken.addingTimeInterval(10), reuse: reuse, maintenance: maintenance)
        return (widgets, Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }))
    }

    @Test func theWidgetModelsCarryTheMarkAndTheDashboardShowsItEscaped() throws {
        let (widgets, files) = try Self.render(Self.coverage())
        #expect(widgets.maintenance == MaintenanceMark(everything: false, targets: ["NAS"], notes: ["firmware <update>"]))
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(index.contains(#"<p class="banner banner-maintenance" role="status" data-show-if="maintenance">"#))
        #expect(index.contains("Maintenance: NAS — firmware &lt;update&gt;"))
        let (plain, plainFiles) = try Self.render(nil)
        #expect(plain.maintenance == nil)
        // Hidden until widgets.json says otherwise: the script shows it without a reload.
        let plainIndex = String(decoding: try #require(plainFiles["index.html"]), as: UTF8.self)
        #expect(plainIndex.contains(#"data-show-if="maintenance" hidden>"#))
        #expect(MaintenanceMark(MaintenanceCoverage(), rows: plain.dashboard.targets) == nil)
    }

    @Test func theTilesAreDrawnAgainWithTheMark() throws {
        let reuse = RenderReuse()
        let (_, before) = try Self.render(nil, reuse: reuse)
        let (_, during) = try Self.render(Self.coverage(), reuse: reuse)
        #expect(reuse.lastReport.rendered.contains("pages") && reuse.lastReport.rendered.contains("tiles/medium@2x-light.png"))
        #expect(before["tiles/medium@2x-light.png"] != during["tiles/medium@2x-light.png"])
        var widgets = WidgetSet(SampleSnapshot.snapshot.redated(to: Self.taken))
        widgets.maintenance = MaintenanceMark(everything: true, targets: [], notes: [])
        #expect(widgets.maintenance?.sentence == "Maintenance of the whole network")
    }

    @Test func homeAssistantHasAMaintenanceSwitchWhatItCoversAndTheNote() throws {
        var widgets = WidgetSet(SampleSnapshot.snapshot.redated(to: Self.taken))
        let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "pi"))
        func states() -> [String: String] {
            let frame = PushFrame(widgets: widgets, events: [], now: Self.taken)
            return Dictionary(
                discovery.messages(for: frame).map { ($0.topic, String(decoding: $0.payload, as: UTF8.self)) },
                uniquingKeysWith: { first, _ in first })
        }
        let off = states()
        #expect(off["netsnap/pi/maintenance"] == "OFF" && off["netsnap/pi/maintenance/covers"] == "none")
        #expect(off["netsnap/pi/maintenance/note"] == "unknown")
        #expect(off["homeassistant/binary_sensor/pi/maintenance/config"]?.contains(#""state_topic":"netsnap/pi/maintenance""#) == true)
        widgets.maintenance = MaintenanceMark(everything: false, targets: ["NAS", "Printer"], notes: ["firmware", "toner"])
        let on = states()
        #expect(on["netsnap/pi/maintenance"] == "ON" && on["netsnap/pi/maintenance/covers"] == "NAS, Printer")
        #expect(on["netsnap/pi/maintenance/note"] == "firmware; toner")
    }

    /// The notes are joined, and set after the sentence, as the language writes sentences:
    /// on the banner and in Home Assistant's note.
    @Test(arguments: [
        ("ja-JP", "メンテナンス：NAS、Printer：firmware／toner", "firmware／toner"),
        ("ar-EG", "؛ ", "firmware؛ toner"),
        ("fr-FR", " — firmware\u{202F}; toner", "firmware\u{202F}; toner"),
    ])
    func theNotesAreJoinedAsTheLanguageJoinsSentences(_ locale: String, _ inSentence: String, _ note: String) throws {
        let wording = try #require(Wording(locale: locale))
        var widgets = WidgetSet(SampleSnapshot.snapshot.redated(to: Self.taken))
        let mark = MaintenanceMark(everything: false, targets: ["NAS", "Printer"], notes: ["firmware", "toner"])
        #expect(mark.sentence(wording).contains(inSentence))
        widgets.maintenance = mark
        let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "pi"), wording: wording)
        let published = discovery.messages(for: PushFrame(widgets: widgets, events: [], now: Self.taken)).first {
            $0.topic == "netsnap/pi/maintenance/note"
        }
        #expect(published.map { String(decoding: $0.payload, as: UTF8.self) } == note)
    }
}
