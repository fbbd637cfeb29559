import Foundation
import NetsnapLanguage
import NetsnapModel
import Testing

@testable import NetsnapPages

@Suite struct ZZTemporaryIncidentsDump {
    @Test func dump() throws {
        for locale in ["de-DE", "ar-EG", "ja-JP", "en-XA", "C"] {
            var settings = PageSettings()
            settings.wording = Wording(locale: locale)!
            let incidents = [
                UptimeAndIncidentsPageTests.incident(1, "NAS", start: "2026-09-30T23:00:00Z", end: "2026-10-01T02:30:00Z"),
                UptimeAndIncidentsPageTests.incident(3, "Printer", start: "2026-11-21T10:00:00Z", end: nil, note: "Toner out"),
                UptimeAndIncidentsPageTests.incident(
                    2, "Connection", start: "2026-10-12T08:00:00Z", end: "2026-10-12T08:00:45Z", byHand: true, subject: .connection),
            ]
            let renderer = PageRenderer(templates: PageFixtures.bundled, settings: settings)
            let page = renderer.incidentsPage(incidents, widgets: PageFixtures.widgets(), now: PageFixtures.now, redacted: false)
            let pages = renderer.render(PageFixtures.widgets(), now: PageFixtures.now, uptime: UptimeAndIncidentsPageTests.report())
            let folder = "/tmp/inc-\(locale)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in pages + [page] { try Data(file.bytes).write(to: URL(fileURLWithPath: "\(folder)/\(file.path)")) }
        }
    }
}
