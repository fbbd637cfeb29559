import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapFeeds

@Suite struct EventFeedTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func events(count: Int) -> [NetworkEvent] {
        (0..<count).map { index in
            NetworkEvent(
                kind: index % 2 == 0 ? .targetDown : .newDevice, occurredAt: start.addingTimeInterval(Double(index) * 60),
                subjectKey: "subject-\(index)",
                wording: .init(title: "Event <\(index)> & co", text: "at 192.168.1.\(index)", data: ["ipAddress": "192.168.1.\(index)"]),
                publicWording: .init(title: "Event \(index)", text: "something happened", data: [:]))
        }
    }

    let context = EventFeedContext(title: "netsnap — Home", baseURL: "https://example.org/netsnap", limit: 3, fallbackUpdated: start)

    @Test func jsonFeedFollowsVersion11() throws {
        let feed = try JSONParser.parse(JSONFeed.bytes(Self.events(count: 5), context: context))
        #expect(feed["version"] == .string("https://jsonfeed.org/version/1.1"))
        #expect(feed["title"] == .string("netsnap — Home"))
        #expect(feed["home_page_url"] == .string("https://example.org/netsnap/"))
        #expect(feed["feed_url"] == .string("https://example.org/netsnap/feed.json"))
        guard case .array(let items)? = feed["items"] else {
            Issue.record("items missing")
            return
        }
        #expect(items.count == 3, "capped")
        #expect(
            items.map { $0["title"] } == [.string("Event <4> & co"), .string("Event <3> & co"), .string("Event <2> & co")], "newest first")
        let first = items[0]
        #expect(first["id"] == .string("targetDown:subject-4:\(Int(Self.start.timeIntervalSince1970) + 240)"))
        #expect(first["content_text"] == .string("at 192.168.1.4"))
        #expect(first["date_published"] == .string(RFC3339.format(Self.start.addingTimeInterval(240))))
        #expect(first["tags"] == .array([.string("targetDown"), .string("problem")]))
        #expect(first["_netsnap"]?["kind"] == .string("targetDown"))
        #expect(first["_netsnap"]?["ipAddress"] == .string("192.168.1.4"))
    }

    @Test func redactedFeedsUseThePublicWording() {
        var redacted = context
        redacted.redacted = true
        let json = String(decoding: JSONFeed.bytes(Self.events(count: 3), context: redacted), as: UTF8.self)
        let atom = String(decoding: AtomFeed.bytes(Self.events(count: 3), context: redacted), as: UTF8.self)
        #expect(!json.contains("192.168.1.") && !atom.contains("192.168.1."))
        #expect(json.contains("something happened") && atom.contains("something happened"))
    }

    @Test func atomEscapesAndOrders() {
        let atom = String(decoding: AtomFeed.bytes(Self.events(count: 2), context: context), as: UTF8.self)
        #expect(atom.contains("<title>Event &lt;1&gt; &amp; co</title>"))
        #expect(atom.contains("<updated>\(RFC3339.format(Self.start.addingTimeInterval(60)))</updated>"))
        #expect(atom.range(of: "Event &lt;1&gt;")!.lowerBound < atom.range(of: "Event &lt;0&gt;")!.lowerBound)
        #expect(atom.contains(#"<link rel="self" type="application/atom+xml" href="https://example.org/netsnap/feed.xml"/>"#))
    }

    @Test func emptyFeedsAreValid() throws {
        let feed = try JSONParser.parse(JSONFeed.bytes([], context: context))
        #expect(feed["items"] == .array([]))
        let atom = String(decoding: AtomFeed.bytes([], context: context), as: UTF8.self)
        #expect(atom.contains("<updated>\(RFC3339.format(Self.start))</updated>"))
    }

    @Test func controlCharactersCannotBreakTheXML() {
        #expect(AtomFeed.escape("a\u{0}b\u{1B}c\u{85}\"'\u{FFFF}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}&quot;&apos;\u{FFFD}")
    }
}

/// An event stamped by a clock that ran a year ahead is marked and listed last, in both feeds.
@Suite struct ClockAheadEventTests {
    let now = EventFeedTests.start.addingTimeInterval(3600)

    var events: [NetworkEvent] {
        let ahead = NetworkEvent(
            kind: .sourceLost, occurredAt: now.addingTimeInterval(365 * 86_400), subjectKey: "source",
            wording: .init(title: "Source lost", text: "dated a year ahead"))
        return [ahead] + EventFeedTests.events(count: 2)
    }

    @Test func theJSONFeedMarksItAndListsItLast() throws {
        let context = EventFeedContext(title: "t", baseURL: nil, limit: 10, fallbackUpdated: now, now: now)
        let feed = try JSONParser.parse(JSONFeed.bytes(events, context: context))
        guard case .array(let items)? = feed["items"] else {
            Issue.record("items missing")
            return
        }
        #expect(items.map { $0["_netsnap"]?["kind"] } == [.string("newDevice"), .string("targetDown"), .string("sourceLost")])
        #expect(items.last?["title"] == .string("Clock ahead · Source lost"))
        #expect(items.last?["_netsnap"]?["clockAhead"] == .string("true"))
        #expect(items.first?["title"] == .string("Event <1> & co"), "the others unmarked")
    }

    @Test func theAtomFeedToo() {
        let context = EventFeedContext(title: "t", baseURL: nil, limit: 10, fallbackUpdated: now, now: now)
        let xml = String(decoding: AtomFeed.bytes(events, context: context), as: UTF8.self)
        let titles = xml.components(separatedBy: "<title>").dropFirst(2).map { $0.components(separatedBy: "</title>")[0] }
        #expect(titles.last == "Clock ahead · Source lost")
        #expect(xml.contains(#"<category term="clockAhead"/>"#))
        #expect(
            xml.contains("<updated>\(RFC3339.format(EventFeedTests.start.addingTimeInterval(60)))</updated>"),
            "the feed is as new as its newest real event")
    }
}
