import Foundation
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// The rendered pages: what they hold, how values are escaped, what they may load.
@Suite struct PageRendererTests {
    @Test func rendersEveryPageAndAsset() {
        let pages = PageFixtures.render()
        #expect(
            Set(pages.keys) == [
                "index.html", "small.html", "medium.html", "large.html", "embed.html", "netsnap.css", "live.js", "netsnap.js",
                "map.js",
            ])
        for name in PageTemplates.pageNames {
            let page = pages["\(name).html"] ?? ""
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\""), "\(name)")
            #expect(
                page.contains(
                    #"<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39;; style-src &#39;self&#39;;"#
                ), "\(name)")
            #expect(page.contains(#"<noscript><meta http-equiv="refresh" content="30"></noscript>"#), "\(name)")
            #expect(page.contains(#"data-expires="2026-11-21T10:47:00Z""#), "\(name)")
            #expect(!page.contains(#"data-stale="""#), "\(name) is fresh")
        }
        #expect(pages["index.html"]?.contains("Zurich, CH") == true)
        #expect(pages["medium.html"]?.contains("203.0.113.7") == true)
    }

    @Test func aDownTargetsRowSaysWhyEscaped() throws {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        let down = try #require(snapshot.targets.firstIndex { !$0.isOnline })
        snapshot.targets[down].lastError = #"HTTP 500 <b>"&'"#
        let page = PageFixtures.render(PageFixtures.widgets(snapshot))["index.html"] ?? ""
        #expect(
            page.contains(
                #"<span class="row-error" data-show-if="lastError"> · <span dir="auto" data-bind="lastError" data-format="reason">HTTP 500 &lt;b&gt;&quot;&amp;&#39;</span></span>"#
            ))
        #expect(!page.contains("<b>\""))
        // Rows without a reason keep the element, hidden, for the script to fill.
        #expect(page.contains(#"<span class="row-error" data-show-if="lastError" hidden>"#))
        let plain = PageFixtures.render()["index.html"] ?? ""
        #expect(!plain.contains(#"<span class="row-error" data-show-if="lastError">"#))
    }

    @Test func sameInputGivesSameBytes() {
        #expect(PageFixtures.render() == PageFixtures.render())
    }

    @Test func staleRenderSaysSo() {
        let pages = PageFixtures.render(at: PageFixtures.snapshotAt.addingTimeInterval(3600))
        for name in PageTemplates.pageNames {
            #expect(pages["\(name).html"]?.contains(#" data-stale="">"#) == true, "\(name)")
        }
        #expect(pages["index.html"]?.contains("<span data-stale-text>Stale · 1 h</span>") == true)
        #expect(pages["small.html"]?.contains("<span class=\"foot-stale\" data-stale-text>Stale · 1 h</span>") == true)
        let days = PageFixtures.render(
            at: PageFixtures.snapshotAt.addingTimeInterval(2 * 86_400),
            settings: PageSettings(timeZone: TimeZone(identifier: "Europe/Zurich")!))
        #expect(days["index.html"]?.contains("Stale · 2 days — since 21 Nov 11:42") == true)
        let ahead = PageFixtures.render(at: PageFixtures.snapshotAt.addingTimeInterval(-600))
        #expect(ahead["index.html"]?.contains(#" data-stale="">"#) == true)
        #expect(ahead["index.html"]?.contains("Clock ahead · 10 min") == true)
    }

    @Test func freshPagesCarryNoStaleWords() {
        let page = PageFixtures.render()["index.html"] ?? ""
        #expect(page.contains("<span data-stale-text></span>"))
        #expect(!page.contains("Stale ·"))
    }

    @Test func absentTimesHaveNoDatetimeAttribute() {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        snapshot.session = nil
        snapshot.devices = []
        let pages = PageFixtures.render(PageFixtures.widgets(snapshot))
        for (name, page) in pages where name.hasSuffix(".html") {
            #expect(!page.contains(#"datetime="""#), "\(name)")
        }
    }

    @Test func refreshIntervalComesFromTheSettings() {
        let page = PageFixtures.render(settings: PageSettings(refreshSeconds: 5))["small.html"] ?? ""
        #expect(page.contains(#"data-refresh="5""#) && page.contains(#"content="5""#))
    }

    @Test func hostileStringsAreEscapedInTextAndAttributes() {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        let payload = #"<img src=x onerror=alert(1)>"'`&amp;javascript:alert(2)"#
        snapshot.status.ssid = payload
        snapshot.devices[0].customName = payload
        snapshot.targets[0].name = payload
        let pages = PageFixtures.render(PageFixtures.widgets(snapshot))
        let escaped = "&lt;img src=x onerror=alert(1)&gt;&quot;&#39;`&amp;amp;javascript:alert(2)"
        for name in ["index.html", "small.html", "medium.html", "large.html"] {
            let page = pages[name] ?? ""
            #expect(!page.contains("<img"), "\(name)")
            #expect(page.contains(escaped), "\(name)")
        }
    }

    @Test func controlCharactersNeverReachAPage() {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        snapshot.status.ssid = "Home\u{0}Net\u{1B}[31m"
        snapshot.status.ispName = "ISP\u{7}\u{85}"
        snapshot.devices[0].customName = "Phone\u{0}"
        snapshot.targets[0].name = "NAS\u{8}\u{FFFF}"
        let pages = PageFixtures.render(PageFixtures.widgets(snapshot))
        for name in ["index.html", "small.html", "medium.html", "large.html"] {
            let page = pages[name] ?? ""
            #expect(TextHygiene.replacingControls(page) == page, "\(name) holds a control character")
            #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }, "\(name)")
        }
        let index = pages["index.html"] ?? ""
        #expect(index.contains("Home\u{FFFD}Net\u{FFFD}[31m"))
        #expect(index.contains("Phone\u{FFFD}"))
        #expect(index.contains("NAS\u{FFFD}\u{FFFD}"))
    }

    @Test func everyNameIsIsolatedFromTheTextAroundIt() {
        // A U+202E in a name must not reverse what follows it on the page.
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        let reversing = "\u{202E}evil"
        snapshot.status.ssid = "ssid" + reversing
        snapshot.status.ispName = "isp" + reversing
        snapshot.status.gatewayVendor = "vendor" + reversing
        snapshot.status.asn = "asn" + reversing
        snapshot.source = SnapshotSource(kind: .mac, name: "source" + reversing)
        snapshot.devices[0].customName = "device" + reversing
        snapshot.targets[0].name = "target" + reversing
        snapshot.targets[0].host = "host" + reversing
        let pages = PageFixtures.render(PageFixtures.widgets(snapshot))
        for name in ["index.html", "small.html", "medium.html", "large.html"] {
            let page = pages[name] ?? ""
            var searchFrom = page.startIndex
            var found = 0
            while let hit = page.range(of: reversing, range: searchFrom..<page.endIndex) {
                // The element the name sits in: from the last "<" before it to its ">".
                let tagStart = page.range(of: "<", options: .backwards, range: page.startIndex..<hit.lowerBound)!.lowerBound
                let tag = page[tagStart..<page.range(of: ">", range: tagStart..<page.endIndex)!.upperBound]
                #expect(tag.contains(#"dir="auto""#) || tag.hasPrefix("<bdi") || tag.hasPrefix("<title"), "\(name): \(tag)")
                found += 1
                searchFrom = hit.upperBound
            }
            #expect(found > 0, "\(name)")
        }
    }

    @Test func shippedTemplatesNeverUnescapeAndQuoteEveryAttribute() throws {
        for (name, path) in PageFixtures.bundled.sources
        where !PageTemplates.assetNames.contains(name) && name != PageTemplates.wallScriptName {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("{{{") && !text.contains("{{&") && !text.contains("{{%"), "\(name) unescapes")
            // A value inside a tag must sit inside a double-quoted attribute (or be a whole
            // section that adds one), where Mustache's escaping of " ' < > & is enough.
            for tag in Self.tags(in: text) {
                var inQuotes = false
                var index = tag.startIndex
                while index < tag.endIndex {
                    if tag[index] == "\"" { inQuotes.toggle() }
                    if !inQuotes, tag[index...].hasPrefix("{{"), !"#^/>".contains(tag[tag.index(index, offsetBy: 2)]) {
                        Issue.record("\(name): unquoted value in \(tag)")
                    }
                    index = tag.index(after: index)
                }
            }
        }
    }

    @Test func pagesReferenceNoOtherHost() {
        for (name, page) in PageFixtures.render() {
            for attribute in ["src=\"", "href=\"", "url("] {
                var rest = Substring(page)
                while let range = rest.range(of: attribute) {
                    let value = rest[range.upperBound...].prefix(while: { $0 != "\"" && $0 != ")" })
                    // Only relative names, and the empty data: favicon that stops a request for /favicon.ico.
                    #expect(value == "data:," || !value.contains(":") && !value.hasPrefix("//"), "\(name) loads \(value)")
                    rest = rest[range.upperBound...]
                }
            }
            #expect(!page.contains("@import"), "\(name)")
        }
    }

    @Test func mediumPageIsSmall() {
        let pages = PageFixtures.render()
        #expect((pages["medium.html"]?.utf8.count ?? .max) <= 30_000)
    }

    /// The start tags in `text` (from `<` to the next `>` outside quotes).
    static func tags(in text: String) -> [Substring] {
        var tags: [Substring] = []
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            var inQuotes = false
            var end = text.index(after: open)
            while end < text.endIndex, inQuotes || text[end] != ">" {
                if text[end] == "\"" { inQuotes.toggle() }
                end = text.index(after: end)
            }
            guard end < text.endIndex else { break }
            tags.append(text[open...end])
            index = text.index(after: end)
        }
        return tags
    }
}

/// When something behind the outputs failed, the dashboard says so in a banner, escaped.
@Suite struct ProblemBannerTests {
    @Test func theDashboardNamesTheProblem() {
        let pages = PageRenderer(templates: PageFixtures.bundled, settings: PageSettings())
            .render(PageFixtures.widgets(), now: PageFixtures.now, problem: "history not written: <disk> full")
        let index = String(decoding: pages.first { $0.path == "index.html" }!.bytes, as: UTF8.self)
        #expect(index.contains(#"class="banner banner-problem" role="alert""#))
        #expect(index.contains("netsnap has a problem: history not written: &lt;disk&gt; full"))
        #expect(!index.contains("<disk>"))
    }

    @Test func noProblemNoBanner() {
        let index = PageFixtures.render()["index.html"]!
        #expect(!index.contains("banner-problem"))
    }
}
