import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPush
@testable import NetsnapSites

/// Nothing false from the broker: while the wall cannot see its broker its sites are
/// `unknown`, not lost; a last will counts only once it has stood `lostAfterSeconds` with the
/// wall's own connection up; the outage is one event; names are the ones people gave.
@Suite struct SiteBrokerOutageTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func payload(at date: Date) throws -> [UInt8] {
        JSONWriter.bytes(try SnapshotLoader.load(.sample, now: date).jsonValue, pretty: false)
    }

    func board(lostAfter: Double = 120, wording: Wording = .posix) -> SiteBoard {
        var settings = SitesSettings(broker: MQTTSettings(host: "127.0.0.1", nodeID: "wall"))
        settings.lostAfterSeconds = lostAfter
        return SiteBoard(settings: settings, widgetOptions: WidgetOptions(), wording: wording)
    }

    func site(_ availability: String, offlineSince: Date? = nil, name: String? = nil) throws -> SiteFeed.Site {
        SiteFeed.Site(
            snapshot: try payload(at: now), generation: 1, heardAt: now, availability: availability, offlineSince: offlineSince,
            name: name)
    }

    @Test func whileTheWallsConnectionIsDownEverySiteIsUnknownWithWhatItLastSaid() throws {
        var board = board()
        let down = SiteFeed.Link(connectedSince: nil, downSince: now.addingTimeInterval(-65))
        let entries = board.judge(["home": try site("offline", offlineSince: now), "cabin": try site("online")], link: down, now: now)
            .map(\.entry)
        #expect(entries.map(\.state) == [.unknown, .unknown])
        #expect(entries.allSatisfy { $0.devicesTotal > 0 && $0.error?.contains("1 min") == true })
    }

    @Test func aWillIsALossOnlyOnceItStoodLostAfterSecondsWithTheWallConnected() throws {
        var board = board()
        let willAt = now
        let connected = SiteFeed.Link(connectedSince: now.addingTimeInterval(-600))
        let willed = try site("offline", offlineSince: willAt)
        #expect(board.judge(["home": willed], link: connected, now: willAt.addingTimeInterval(119)).first?.entry.state == .unknown)
        #expect(board.judge(["home": willed], link: connected, now: willAt.addingTimeInterval(120)).first?.entry.state == .lost)
        // The wall itself reconnected after the will (a broker restart): counted from its reconnection.
        let reconnected = SiteFeed.Link(connectedSince: willAt.addingTimeInterval(60))
        #expect(board.judge(["home": willed], link: reconnected, now: willAt.addingTimeInterval(170)).first?.entry.state != .lost)
        #expect(board.judge(["home": willed], link: reconnected, now: willAt.addingTimeInterval(180)).first?.entry.state == .lost)
    }

    /// Why the wall cannot vouch for a site reads in the wall's language on its cards and in
    /// Home Assistant (`Wording.reason`), its age in the language's words too.
    @Test func everyReasonTheBoardWritesIsWordedInTheWallsLanguage() throws {
        var board = board()
        let down = SiteFeed.Link(connectedSince: nil, downSince: now.addingTimeInterval(-300))
        let connected = SiteFeed.Link(connectedSince: now.addingTimeInterval(-600))
        var silent = try site("unknown")
        silent.heardAt = now.addingTimeInterval(-400)
        let errors = [
            board.judge(["home": try site("online")], link: down, now: now),
            board.judge(["home": try site("offline", offlineSince: now.addingTimeInterval(-60))], link: connected, now: now),
            board.judge(["home": try site("offline", offlineSince: now.addingTimeInterval(-300))], link: connected, now: now),
            board.judge(["home": silent], link: connected, now: now),
        ].compactMap { $0.first?.entry.error }
        #expect(errors.count == 4, "\(errors)")
        let german = try #require(Wording(locale: "de-DE"))
        for error in errors {
            #expect(german.reason(error) != error, "not translated: \(error)")
        }
        #expect(german.reason(errors[0]) == "unbekannt: die Übersicht hat vor 5 Min. die Verbindung zum Broker verloren")
        #expect(try #require(Wording(locale: "ar-EG")).reason(errors[3]).contains("١٨٠"), "\(errors[3])")
    }

    @Test func aBrokerRestartMakesNoSiteEventAndOneOutageEvent() throws {
        var transitions = SiteTransitions()
        func entry(_ state: SiteState) -> SiteEntry { SiteEntry(id: "home", slug: "home", state: state) }
        let up = SiteFeed.Link(connectedSince: now)
        #expect(transitions.events([entry(.online)], link: up, now: now).isEmpty)
        let down = SiteFeed.Link(connectedSince: nil, downSince: now.addingTimeInterval(10))
        #expect(transitions.events([entry(.unknown)], link: down, now: now.addingTimeInterval(20)).isEmpty)
        let outage = now.addingTimeInterval(10)...now.addingTimeInterval(75)
        let back = SiteFeed.Link(connectedSince: outage.upperBound, lastOutage: outage)
        let told = transitions.events([entry(.online)], link: back, now: now.addingTimeInterval(80))
        #expect(told.map(\.kind) == [.sitesBrokerOutage])
        #expect(told.first?.wording.data["seconds"] == "65" && told.first?.wording.title.contains("1 min") == true)
        #expect(transitions.events([entry(.online)], link: back, now: now.addingTimeInterval(90)).isEmpty, "told once")
        // Unknown in between keeps what was known: lost after it is one loss, back one return.
        #expect(transitions.events([entry(.unknown)], link: back, now: now).isEmpty)
        #expect(transitions.events([entry(.lost)], link: back, now: now).map(\.kind) == [.siteLost])
        #expect(transitions.events([entry(.unknown)], link: back, now: now).isEmpty)
        #expect(transitions.events([entry(.online)], link: back, now: now).map(\.kind) == [.siteBack])
    }

    @Test func aSiteThatLeavesTheWallIsRemovedOnce() {
        var transitions = SiteTransitions()
        var cabin = SiteEntry(id: "cabin", slug: "cabin", state: .lost)
        cabin.name = "Cabin"
        _ = transitions.events([cabin, SiteEntry(id: "home", slug: "home", state: .online)], now: now)
        let removed = transitions.events([SiteEntry(id: "home", slug: "home", state: .online)], now: now)
        #expect(removed.map(\.kind) == [.siteRemoved])
        #expect(removed.first?.wording.title == "Site removed: Cabin" && removed.first?.id.hasPrefix("siteRemoved:cabin:") == true)
        #expect(transitions.events([SiteEntry(id: "home", slug: "home", state: .online)], now: now).isEmpty)
    }

    @Test func namesAreThePeoplesNeverTheWiFisAndNeverTwiceTheSame() throws {
        var board = board()
        let link = SiteFeed.Link(connectedSince: now.addingTimeInterval(-60))
        let entries = board.judge(
            [
                "cabin-a": try site("online", name: "Cabin"), "cabin-b": try site("online", name: "cabin"),
                "shop": try site("online"),
            ], link: link, now: now
        ).map(\.entry)
        let names = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0.name) })
        #expect(names == ["cabin-a": "Cabin (cabin-a)", "cabin-b": "cabin (cabin-b)", "shop": "shop"])
        #expect(entries.allSatisfy { $0.expiresAt == now.addingTimeInterval(WidgetOptions().freshnessSeconds) })
    }

    /// The id that tells two names apart is bracketed as the wall's language writes it.
    @Test(arguments: [("ja-JP", "自宅（home-a）"), ("de-DE", "Zuhause (home-a)")])
    func twoNamesAreToldApartInTheWallsLanguage(_ locale: String, _ expected: String) throws {
        var board = board(wording: try #require(Wording(locale: locale)))
        let name = locale == "ja-JP" ? "自宅" : "Zuhause"
        let entries = board.judge(
            ["home-a": try site("online", name: name), "home-b": try site("online", name: name)],
            link: SiteFeed.Link(connectedSince: now.addingTimeInterval(-60)), now: now
        ).map(\.entry)
        #expect(entries.first { $0.id == "home-a" }?.name == expected)
    }

    @Test func theFeedReadsASitesNameHostileOrNotAndCountsAKeptWillFromNow() {
        let feed = SiteFeed(
            settings: MQTTSettings(host: "127.0.0.1", nodeID: "wall"), clientID: "test", maximumSnapshotBytes: 1_000,
            logger: .init(label: "test"))
        feed.receive(topic: "netsnap/home/site", payload: Array(#"{"name":" Home\u001b[2J\nby the lake "}"#.utf8), retained: true, now: now)
        #expect(feed.sites["home"]?.name == #"Home\u{1B}[2J\nby the lake"#)
        feed.receive(
            topic: "netsnap/big/site", payload: Array(("{\"name\":\"" + String(repeating: "x", count: 2_000) + "\"}").utf8), retained: true,
            now: now)
        #expect(feed.sites["big"]?.name == nil)
        feed.receive(topic: "netsnap/home/availability", payload: Array("offline".utf8), retained: true, now: now)
        #expect(feed.sites["home"]?.offlineSince == now)
        feed.receive(topic: "netsnap/home/availability", payload: Array("online".utf8), retained: false, now: now)
        #expect(feed.sites["home"]?.offlineSince == nil)
        feed.receive(topic: "netsnap/home/site", payload: [], retained: false, now: now)
        feed.receive(topic: "netsnap/home/availability", payload: [], retained: false, now: now)
        #expect(feed.sites["home"] == nil, "every topic cleared: the site left")
    }
}
