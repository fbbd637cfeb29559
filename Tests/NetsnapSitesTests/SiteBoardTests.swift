import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPush
@testable import NetsnapSites

@Suite struct SiteBoardTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func samplePayload(at date: Date) throws -> [UInt8] {
        let snapshot = try SnapshotLoader.load(.sample, now: date)
        return JSONWriter.bytes(snapshot.jsonValue, pretty: false)
    }

    /// The wall's connection, up for an hour.
    var link: SiteFeed.Link { SiteFeed.Link(connectedSince: now.addingTimeInterval(-3_600)) }

    func board() -> SiteBoard {
        SiteBoard(settings: SitesSettings(broker: MQTTSettings(host: "127.0.0.1", nodeID: "wall")), widgetOptions: WidgetOptions())
    }

    @Test func aValidOnlineSiteIsJudgedFromItsSnapshot() throws {
        var site = SiteFeed.Site(snapshot: try samplePayload(at: now), generation: 1, heardAt: now)
        site.availability = "online"
        var board = board()
        let entry = try #require(board.judge(["home": site], link: link, now: now.addingTimeInterval(5)).first?.entry)
        #expect(entry.id == "home" && entry.slug == "home" && entry.href == "sites/home/index.html")
        #expect([SiteState.online, .degraded, .offline].contains(entry.state))
        #expect(entry.error == nil && entry.ageSeconds == 5 && entry.devicesTotal > 0)
    }

    @Test func garbageWrongSchemaAndHostileIDsHarmOnlyTheirSite() throws {
        let good = SiteFeed.Site(snapshot: try samplePayload(at: now), generation: 1, heardAt: now, availability: "online")
        var wrongSchema = try samplePayload(at: now)
        wrongSchema = Array(
            String(decoding: wrongSchema, as: UTF8.self).replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":2").utf8)
        let sites: [String: SiteFeed.Site] = [
            "home": good,
            "garbage": .init(snapshot: Array("{not json".utf8), generation: 1),
            "future": .init(snapshot: wrongSchema, generation: 1),
            "../x": good,
            "big": .init(generation: 1, oversized: true),
        ]
        var board = board()
        let entries = board.judge(sites, link: link, now: now).map(\.entry)
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        #expect(byID["home"]?.state != .invalid)
        for id in ["garbage", "future", "../x", "big"] { #expect(byID[id]?.state == .invalid, "\(id)") }
        #expect(byID["future"]?.error?.contains("schemaVersion") == true)
        #expect(byID["../x"]?.slug.contains("/") == false && byID["../x"]?.slug.contains("..") == false)
        #expect(entries.last?.id == "home", "worst first")
    }

    @Test func aSiteWhoseWillArrivedIsLostAndASilentOneToo() throws {
        let payload = try samplePayload(at: now)
        let sites: [String: SiteFeed.Site] = [
            "willed": .init(snapshot: payload, generation: 1, heardAt: now, availability: "offline", offlineSince: now),
            "silent": .init(snapshot: payload, generation: 1, heardAt: now),
        ]
        var board = board()
        let entries = board.judge(sites, link: link, now: now.addingTimeInterval(181)).map(\.entry)
        #expect(entries.allSatisfy { $0.state == .lost })
    }

    @Test func idsThatMakeTheSameSlugStayDistinct() {
        let slugs = SiteSlug.slugs(for: ["a.b", "a-b", "A-B", "../a-b", String(repeating: "x", count: 10_000)])
        #expect(Set(slugs.values).count == 5)
        #expect(slugs["a-b"] == "a-b")
        #expect(slugs.values.allSatisfy { $0.count <= 64 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        #expect(SiteSlug.slugs(for: ["a.b"]) == SiteSlug.slugs(for: ["a-b", "a.b"]).filter { $0.key == "a.b" })
    }

    @Test func theFeedKeepsTheNewestMessagesAndRefusesOversizedOnes() {
        let feed = SiteFeed(
            settings: MQTTSettings(host: "127.0.0.1", nodeID: "wall"), clientID: "test", maximumSnapshotBytes: 10,
            logger: .init(label: "test"))
        feed.receive(topic: "netsnap/home/snapshot", payload: Array("{}".utf8), retained: true, now: now)
        feed.receive(topic: "netsnap/home/availability", payload: Array("online".utf8), retained: false, now: now)
        feed.receive(topic: "netsnap/big/snapshot", payload: [UInt8](repeating: 32, count: 11), retained: false, now: now)
        feed.receive(topic: "netsnap/\(String(repeating: "x", count: 2_000))/snapshot", payload: [1], retained: false, now: now)
        feed.receive(topic: "other/home/snapshot", payload: [1], retained: false, now: now)
        let sites = feed.sites
        #expect(Set(sites.keys) == ["home", "big"])
        #expect(sites["home"]?.heardAt == nil && sites["home"]?.availability == "online")
        #expect(sites["big"]?.oversized == true && sites["big"]?.snapshot == nil)
        feed.receive(topic: "netsnap/home/snapshot", payload: [], retained: false, now: now)
        feed.receive(topic: "netsnap/home/availability", payload: [], retained: false, now: now)
        #expect(feed.sites["home"] == nil)
    }
}
