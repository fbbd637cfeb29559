import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapPages

/// The dashboard's Displays card, from the `displays.json` that `serve` writes.
@Suite struct DisplaysCardTests {
    static let document = #"""
        {"generatedAt":"2026-11-21T10:42:00Z","expiresAt":"2026-11-21T10:43:00Z","lowBatteryPercent":20,
         "displays":[{"id":"917F0B","mac":null,"model":"og","firmware":"1.8.5<script>","batteryVolts":3.2,"batteryPercent":17,
           "rssi":-71,"lastSeen":"2026-11-21T10:40:00Z","expectedBy":"2026-11-21T10:55:00Z","state":"low-battery",
           "lastLog":"Wi-Fi <b>failed</b>"},
          {"id":"C1582E","mac":null,"model":null,"firmware":null,"batteryVolts":null,"batteryPercent":null,"rssi":null,
           "lastSeen":"2026-11-21T09:00:00Z","expectedBy":"2026-11-21T09:15:00Z","state":"silent","lastLog":null},
          {"id":"broken"}]}
        """#

    static func dashboard(_ displays: [DisplayEntry]) -> String {
        let pages = PageRenderer(templates: PageFixtures.bundled, settings: PageSettings())
            .render(PageFixtures.widgets(), now: PageFixtures.now, displays: displays)
        return pages.first { $0.path == "index.html" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    @Test func entriesAreReadForgivingly() {
        let entries = DisplayEntry.entries(fromDisplaysJSON: Array(Self.document.utf8))
        #expect(entries.map(\.id) == ["917F0B", "C1582E"])
        #expect(entries[0].batteryPercent == 17 && entries[0].rssi == -71 && entries[0].state == "low-battery")
        #expect(DisplayEntry.entries(fromDisplaysJSON: Array("not json".utf8)).isEmpty)
    }

    @Test func theCardListsEachDisplayEscaped() {
        let page = Self.dashboard(DisplayEntry.entries(fromDisplaysJSON: Array(Self.document.utf8)))
        #expect(page.contains(#"<h2 id="displays-title">Displays <span class="muted">2</span></h2>"#))
        #expect(page.contains("battery 17 % · −71 dBm · seen <time datetime=\"2026-11-21T10:40:00Z\">10:40 UTC</time>"))
        #expect(page.contains("<strong>Battery low</strong>"))
        #expect(page.contains("og · firmware 1.8.5&lt;script&gt;") && !page.contains("1.8.5<script>"))
        #expect(page.contains("Wi-Fi &lt;b&gt;failed&lt;/b&gt;"))
        #expect(page.contains(#"class="row display-silent""#) && page.contains("<strong>Silent</strong>"))
    }

    @Test func withoutDisplaysThereIsNoCard() {
        #expect(!Self.dashboard([]).contains("displays-title"))
    }
}
