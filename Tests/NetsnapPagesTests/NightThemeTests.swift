import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapPages

/// The pages' theme: the configured one, the night theme inside the night hours (judged at
/// the render time passed in, in the configured zone), and what the script needs to keep
/// switching by the browser's clock.
@Suite struct NightThemeTests {
    private let zurich = TimeZone(identifier: "Europe/Zurich")!
    private let night = ClockWindow(from: 1_320, until: 420)!  // 22:00–07:00

    private func page(at utc: String, settings: PageSettings, name: String = "index.html") -> String {
        PageFixtures.render(at: RFC3339.parse(utc)!, settings: settings)[name] ?? ""
    }

    private func htmlTag(_ page: String) -> String {
        let start = page.range(of: "<html")!.lowerBound
        return String(page[start..<page.range(of: ">", range: start..<page.endIndex)!.upperBound])
    }

    @Test func noThemeFollowsTheReader() {
        let tag = htmlTag(page(at: "2026-11-21T10:43:00Z", settings: PageSettings()))
        #expect(!tag.contains("data-theme") && !tag.contains("data-night"))
    }

    @Test func theConfiguredThemeIsOnEveryPage() {
        let pages = PageFixtures.render(settings: PageSettings(theme: .night))
        for name in PageTemplates.pageNames {
            #expect(htmlTag(pages["\(name).html"] ?? "").contains(#" data-theme="night""#), "\(name)")
        }
    }

    @Test func insideTheNightHoursEveryPageOpensAtNight() {
        let settings = PageSettings(timeZone: zurich, theme: .light, night: night)
        // 21:30 UTC is 22:30 in Zurich (a stale render: the theme does not care).
        let pages = PageFixtures.render(at: RFC3339.parse("2026-11-21T21:30:00Z")!, settings: settings)
        for name in PageTemplates.pageNames {
            let tag = htmlTag(pages["\(name).html"] ?? "")
            #expect(tag.contains(#" data-theme="night""#), "\(name)")
            #expect(
                tag.contains(#" data-night-from="22:00" data-night-until="07:00" data-night-zone="Europe/Zurich" data-day-theme="light""#),
                "\(name)")
        }
    }

    @Test func acrossMidnightAndOutOfIt() {
        let settings = PageSettings(timeZone: zurich, night: night)
        for (utc, isNight) in [
            ("2026-11-21T20:59:00Z", false), ("2026-11-21T21:00:00Z", true), ("2026-11-21T23:30:00Z", true),
            ("2026-11-22T05:59:00Z", true), ("2026-11-22T06:00:00Z", false), ("2026-11-22T12:00:00Z", false),
        ] {
            let tag = htmlTag(page(at: utc, settings: settings))
            #expect(tag.contains(#" data-theme="night""#) == isNight, "\(utc)")
            // Outside the night the reader's preference holds, and the script knows it.
            #expect(tag.contains(#"data-day-theme="""#), "\(utc)")
        }
    }

    @Test func theHoursAreToldInTheConfiguredZoneNotUTC() {
        let utc = PageSettings(night: night)
        let zurichSettings = PageSettings(timeZone: zurich, night: night)
        // 06:30 UTC: still night in UTC, morning in Zurich.
        #expect(htmlTag(page(at: "2026-11-22T06:30:00Z", settings: utc)).contains(#"data-theme="night""#))
        #expect(!htmlTag(page(at: "2026-11-22T06:30:00Z", settings: zurichSettings)).contains(#"data-theme="night""#))
    }

    @Test func theStylesheetHasANightThemeOfDimRedOnBlack() {
        let css = PageFixtures.render()["netsnap.css"] ?? ""
        #expect(css.contains(#":root[data-theme="night"] {"#))
        #expect(css.contains("--text: #d33a2c;") && css.contains("--bg-from: #000000;"))
    }
}
