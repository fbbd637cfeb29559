import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// Every page in the household's language: `lang` and `dir` on `<html>`, the words a person
/// reads or hears translated, numbers and times in the locale's forms, and the words the
/// scripts need in `<meta name="netsnap-words">`. The pseudo-locale finds any word left
/// hard-coded in English.
@Suite struct PageLanguageTests {
    static func settings(_ locale: String) -> PageSettings {
        var settings = PageSettings(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        settings.wording = Wording(locale: locale)!
        return settings
    }

    /// Every page and the wall for `settings`: the sample network (its free text neutral)
    /// with 90 days of uptime, and three incidents.
    static func pages(_ settings: PageSettings, _ widgets: WidgetSet = neutralWidgets()) -> [String: String] {
        let renderer = PageRenderer(templates: PageFixtures.bundled, settings: settings)
        let incidents = [
            UptimeAndIncidentsPageTests.incident(1, "N1", start: "2026-09-30T23:00:00Z", end: "2026-10-01T02:30:00Z"),
            UptimeAndIncidentsPageTests.incident(3, "N2", start: "2026-11-21T10:00:00Z", end: nil, note: "N3"),
            UptimeAndIncidentsPageTests.incident(
                2, "N4", start: "2026-10-12T08:00:00Z", end: "2026-10-12T08:00:45Z", byHand: true, subject: .connection),
        ]
        let card = WallCard(name: "N5", id: "n5", state: "online", age: "1", detail: "2", error: nil, href: "sites/n5/index.html")
        let files =
            renderer.render(widgets, now: PageFixtures.now, uptime: UptimeAndIncidentsPageTests.report())
            + [
                renderer.incidentsPage(incidents, widgets: widgets, now: PageFixtures.now, redacted: false),
                renderer.wall([card], headline: "1", generatedAt: PageFixtures.now, refreshSeconds: 30),
            ]
        return Dictionary(
            uniqueKeysWithValues: files.filter { $0.path.hasSuffix(".html") }.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    /// What a person reads or hears of a page: its text (the title included) and the
    /// aria-label, title and data-empty attributes, entities decoded; not the markup, the
    /// scripts' words, nor the names of files it links to ("incidents.json").
    static func readable(_ html: String) -> String {
        let attributes = html.matches(of: #/(?:aria-label|title|data-empty)="([^"]*)"/#).map { String($0.output.1) }
        let withoutStyle = html.replacing(#/<style>[\s\S]*?</style>/#, with: " ")
        let text = withoutStyle.replacing(#/<[^>]*>/#, with: " ").replacing(#/[\w-]+\.(?:json|html)/#, with: " ")
        return ([text] + attributes).joined(separator: " \n ")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func germanPagesSpeakGerman() throws {
        let pages = Self.pages(Self.settings("de-DE"))
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="de-DE" dir="ltr""#), "\(name)")
            // A browser looks for the charset in the first 1024 bytes only: the scripts'
            // words come after it.
            let charset = try #require(page.range(of: #"<meta charset="utf-8">"#), "\(name)")
            #expect(page.utf8.distance(from: page.startIndex, to: charset.upperBound) < 1024, "\(name)")
            #expect(page.contains(#"<meta name="netsnap-words" content="{&quot;locale&quot;:&quot;de-DE&quot;"#), "\(name)")
        }
        let index = Self.readable(try #require(pages["index.html"]))
        for german in [
            "Netzwerk-Dashboard", "Sitzung", "Läuft seit", "2 Std. 42 Min.", "Mittlere Latenz", "Letzter Scan", "Hersteller",
            "Öffentliche IP", "Es werden keine Ziele überwacht.", "Erstellt von netsnap", "aktualisiert alle 30 s",
            "Verfügbarkeit · 90 Tage",
            "4,2 ms", "72\u{A0}%", "Telefon", "Aktiv", "Signal: 3 von 4 Balken", "99,8\u{A0}%",
        ] {
            #expect(index.contains(german), "index.html lacks \(german)")
        }
        let english = [
            "Network dashboard", "Session", "Running for", "Gathered by", "Average latency", "Last scan", "Last update", "Vendor",
            "Rendered by", "refreshes every", "Uptime", "one bar a day", "No targets are monitored", "Phone", "Active", "4.2 ms",
            "Can't reach netsnap", "of 4 bars", "Copy code", "Back to the dashboard", "Ongoing", "Resolved", "Duration", "went down",
            "Incidents", "Updated", "Network status", "updated", "The wall cannot be reached",
        ]
        for (name, page) in pages {
            let text = Self.readable(page)
            for word in english {
                #expect(!text.contains(word), "\(name) still says \(word)")
            }
        }
        #expect(Self.readable(try #require(pages["incidents.html"])).contains("Manuell geschlossen"))
        #expect(Self.readable(try #require(pages["embed.html"])).contains("Code kopieren"))
        #expect(Self.readable(try #require(pages["small.html"])).contains("Stand"))
    }

    @Test func arabicPagesRunRightToLeft() throws {
        let pages = Self.pages(Self.settings("ar-EG"))
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="ar-EG" dir="rtl""#), "\(name)")
        }
        let index = Self.readable(try #require(pages["index.html"]))
        #expect(index.contains("الجلسة") && index.contains("٤٫٢ ms"))
        // A middle dot beside Arabic-Indic digits reads as their zero: facts join with "، ".
        for (name, page) in pages {
            #expect(!Self.readable(page).contains("\u{00B7}"), "\(name)")
        }
        #expect(index.contains("التوفر\u{060C} ٩٠ يومًا"), "\(index)")
        // Addresses keep their left-to-right order inside the right-to-left page.
        #expect(try #require(pages["index.html"]).contains(#"<dd class="mono" dir="ltr" data-bind="large.gatewayIP">192.168.1.1</dd>"#))
    }

    @Test func thePOSIXPagesStayEnglishAndCarryNoScriptWords() throws {
        let pages = Self.pages(PageSettings())
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="en" dir="ltr""#), "\(name)")
            #expect(!page.contains("netsnap-words"), "\(name)")
        }
        #expect(
            try #require(pages["index.html"]).contains(
                #"Rendered by netsnap · data in <a href="widgets.json">widgets.json</a> · refreshes every 30 s · <a href="embed.html">"#))
    }

    /// Every English message's words, cut at its placeholders: the pieces of at least three
    /// letters with a vowel, which the pseudo-locale accents ("Updated" → "Üpdátéd"). It
    /// keeps messages of fewer than four letters ("ISP", "{count} min") as translators do, so
    /// those are left out.
    static var englishFragments: Set<String> {
        let texts =
            PagePhrase.allCases.map(\.rawValue) + PageCountPhrase.allCases.flatMap { [$0.rawValue, $0.plural] }
            + Phrase.allCases.map(\.rawValue) + CountPhrase.allCases.flatMap { [$0.rawValue, $0.plural] }
        var fragments = Set<String>()
        for text in texts {
            let english = text.split(separator: "\u{04}").last.map(String.init) ?? text
            guard english.replacing(#/\{\w+\}/#, with: "").filter(\.isLetter).count >= 4 else { continue }
            for piece in english.split(separator: #/\{\w+\}/#) {
                let fragment = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols))
                let letters = fragment.filter(\.isLetter)
                guard letters.count >= 3, letters.contains(where: "aeiouAEIOU".contains), fragment != "netsnap" else { continue }
                fragments.insert(fragment)
            }
        }
        return fragments
    }

    /// The sample network with every free-text field a neutral token, so that no English on
    /// a page can come from the data.
    static func neutralWidgets() -> WidgetSet {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        snapshot.source?.name = "S1"
        snapshot.status.ssid = "W1"
        snapshot.status.securityType = "K1"
        snapshot.status.frequency = "5 GHz"
        snapshot.status.gatewayVendor = "V1"
        snapshot.status.ispName = "P1"
        snapshot.status.asn = "AS1"
        snapshot.status.location = Location(city: "C1", country: "C2")
        for index in snapshot.targets.indices {
            snapshot.targets[index].name = "T\(index)"
            snapshot.targets[index].host = "h\(index)"
        }
        for index in snapshot.devices.indices {
            snapshot.devices[index].customName = "D\(index)"
        }
        return PageFixtures.widgets(snapshot)
    }

    @Test func thePseudoLocaleLeavesNoEnglishWordOnAnyPage() throws {
        let pages = Self.pages(Self.settings("en-XA"), Self.neutralWidgets())
        #expect(pages.count == 7)
        let fragments = Self.englishFragments
        #expect(fragments.contains("Running for") && fragments.contains("the full list is in"))
        for (name, page) in pages {
            let text = Self.readable(page)
            for fragment in fragments where text.contains(fragment) {
                Issue.record("\(name) shows \"\(fragment)\" untranslated")
            }
        }
    }

    @Test func theScriptsGetTheLocalesWordsAndPluralForms() throws {
        let json = try #require(ScriptWords.json(Wording(locale: "pl-PL")!))
        let words = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(words["locale"] as? String == "pl-PL")
        let plural = try #require(words["plural"] as? String)
        // Polish: 1 → the first form, 2–4 the second, 5 and 12 the third, 22 the second again.
        #expect(plural.count == ScriptWords.pluralTableSize)
        #expect(Array(plural)[1] == "0" && Array(plural)[3] == "1" && Array(plural)[5] == "2" && Array(plural)[12] == "2")
        #expect(Array(plural)[22] == "1")
        let say = try #require(words["say"] as? [String: String])
        #expect(say["staleForAge"] == "Nieaktualne · {age}")
        let count = try #require(words["count"] as? [String: [String]])
        #expect(count["days"]?.count == 3)
        #expect((words["words"] as? [String: String])?["phone"] == "Telefon")
        #expect((words["reasons"] as? [String: String])?["connection refused"] == "połączenie odrzucone")
        #expect(ScriptWords.json(.posix) == nil)
    }

    /// A down target's reason is the probe's English in the snapshot and the page's language
    /// on the page; a reason of no known form is shown as the producer wrote it.
    @Test func aDownTargetsReasonIsWordedInThePagesLanguage() throws {
        let german = try #require(Wording(locale: "de-DE"))
        func row(_ reason: String) -> TargetRowView {
            let target = MonitoringTarget(
                id: UUID(), name: "NAS", host: "nas.lan", probeProtocol: .tcp, isOnline: false, lastChecked: PageFixtures.now,
                lastError: reason)
            return TargetRowView(LargeWidget.TargetRow(target, options: WidgetOptions()), german)
        }
        #expect(row("timed out after 0.5 s").reason == "Zeitüberschreitung nach 0,5 s")
        #expect(row("refused by policy").reason == "refused by policy")
    }

    /// The wall says when it was written as every page does, a clock time in the household's
    /// zone and words; the RFC 3339 form stays in the `datetime` attribute for the script.
    @Test(arguments: ["de-DE", "ar-EG", "C"])
    func theWallTellsItsTimeAsAClock(locale: String) throws {
        let settings = Self.settings(locale)
        let renderer = PageRenderer(templates: PageFixtures.bundled, settings: settings)
        let page = renderer.wall([], headline: "1", generatedAt: PageFixtures.now, refreshSeconds: 30)
        let html = String(decoding: page.bytes, as: UTF8.self)
        let clock = PageFormat.clock(PageFixtures.now, settings.wording, settings.timeZone)
        let stamp = PageFormat.timestamp(PageFixtures.now)
        #expect(html.contains(#"<time datetime="\#(stamp)">\#(clock)</time>"#), "\(html)")
        #expect(!Self.readable(html).contains(stamp))
        if locale == "de-DE" { #expect(clock == "11:43") }
    }

    /// A site the wall could not read says why in the wall's language too.
    @Test func aSitesErrorIsWordedOnTheWall() throws {
        let renderer = PageRenderer(templates: PageFixtures.bundled, settings: Self.settings("de-DE"))
        let card = WallCard(name: "Cabin", id: "cabin", state: "lost", age: "1", detail: "2", error: "connection refused", href: "")
        let page = renderer.wall([card], headline: "1", generatedAt: PageFixtures.now, refreshSeconds: 30)
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains(#"<div class="error">Verbindung abgelehnt</div>"#))
    }
}
