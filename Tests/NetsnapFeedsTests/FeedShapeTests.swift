import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapFeeds

@Suite struct FeedShapeTests {
    let now = RFC3339.parse("2026-11-21T10:43:00Z")!

    func sampleWidgets(freshness: Double = 300) throws -> WidgetSet {
        let snapshot = SampleSnapshot.snapshot.redated(to: RFC3339.parse("2026-11-21T10:42:00Z")!)
        return WidgetSet(snapshot, options: WidgetOptions(freshnessSeconds: freshness))
    }

    func parse(_ bytes: [UInt8]) throws -> JSONValue { try JSONParser.parse(bytes) }

    @Test func widgetsJSONHasTheDocumentedKeys() throws {
        let value = try parse(WidgetsFeed.bytes(try sampleWidgets(), context: FeedContext(generatedAt: now)))
        guard case .object(let top) = value else {
            Issue.record("not an object")
            return
        }
        let keys = top.map(\.key)
        for key in ["schemaVersion", "generatedAt", "snapshotAt", "expiresAt", "overall", "small", "medium", "large"] {
            #expect(keys.contains(key), "\(key)")
        }
        #expect(value["expiresAt"] == .string("2026-11-21T10:47:00Z"))
        #expect(value["snapshotAt"] == .string("2026-11-21T10:42:00Z"))
        #expect(value["generatedAt"] == .string("2026-11-21T10:43:00Z"))
        #expect(value["overall"] == .string("degraded"))
        let large = try #require(value["large"])
        #expect(large["topTargets"].flatMap { if case .array(let a) = $0 { a.first?["name"] } else { nil } } == .string("Office VPN"))
        #expect(large["topTargets"].flatMap { if case .array(let a) = $0 { a.first?["latencyMs"] } else { nil } } == JSONValue.null)
        #expect(value["medium"]?["targetsOnline"] == .number(5))
        #expect(value["small"]?["signalBars"] == .number(3))
    }

    @Test func targetObjectsSayWhyADownTargetIsDown() throws {
        var snapshot = SampleSnapshot.snapshot.redated(to: RFC3339.parse("2026-11-21T10:42:00Z")!)
        let down = try #require(snapshot.targets.firstIndex { !$0.isOnline })
        snapshot.targets[down].lastError = "connection refused"
        snapshot.targets[down].lastErrorAt = RFC3339.parse("2026-11-21T10:41:58Z")
        let value = try parse(WidgetsFeed.bytes(WidgetSet(snapshot), context: FeedContext(generatedAt: now)))
        for list in [value["large"]?["topTargets"], value["dashboard"]?["targets"]] {
            guard case .array(let targets) = list else {
                Issue.record("no target list")
                continue
            }
            let named = try #require(targets.first { $0["name"] == .string(snapshot.targets[down].name) })
            #expect(named["lastError"] == .string("connection refused"))
            #expect(named["lastErrorAt"] == .string("2026-11-21T10:41:58Z"))
            for target in targets where target["isOnline"] == .bool(true) {
                #expect(target["lastError"] == JSONValue.null && target["lastErrorAt"] == JSONValue.null)
            }
        }
    }

    @Test func badgeFollowsTheShieldsEndpointFormat() throws {
        let badge = try parse(BadgeFeed.bytes(try sampleWidgets(), context: FeedContext(generatedAt: now, badgeLabel: "home")))
        #expect(
            badge
                == .object([
                    ("schemaVersion", .number(1)), ("label", .string("home")), ("message", .string("degraded · 5/6 targets")),
                    ("color", .string("f59e0b")), ("cacheSeconds", .number(300)),
                ]))
    }

    /// A badge speaks the feeds' language: the default label and the words, the digits its
    /// own; a label the user set stays as it is.
    @Test func badgesSpeakTheFeedsLanguage() throws {
        let german = try #require(Wording(locale: "de-DE"))
        let widgets = try sampleWidgets()
        let badge = try parse(BadgeFeed.bytes(widgets, context: FeedContext(generatedAt: now, wording: german)))
        #expect(badge["label"] == .string("Netzwerk") && badge["message"] == .string("Eingeschränkt · 5/6 Ziele"))
        let own = try parse(BadgeFeed.bytes(widgets, context: FeedContext(generatedAt: now, badgeLabel: "Haus", wording: german)))
        #expect(own["label"] == .string("Haus"))
        let stale = try parse(BadgeFeed.bytes(widgets, context: FeedContext(generatedAt: now.addingTimeInterval(3600), wording: german)))
        #expect(stale["message"] == .string("Veraltet · 1 Std."))
        let arabic = try #require(Wording(locale: "ar-EG"))
        let targets = TargetBadgeFeed.badges(widgets, context: FeedContext(generatedAt: now, wording: arabic)).map(\.json["message"])
        let texts = targets.compactMap { value -> String? in if case .string(let text)? = value { text } else { nil } }
        #expect(texts.count == widgets.dashboard.targets.count && texts.allSatisfy { !$0.contains("up") && !$0.contains("·") }, "\(texts)")
        #expect(texts.contains { $0.contains("٫") }, "Arabic digits: \(texts)")
    }

    @Test func uptimeBadgesSpeakTheFeedsLanguage() throws {
        let widgets = try sampleWidgets()
        let targets = widgets.dashboard.targets
        let series = UptimeReport.Series(
            kind: .target, targetID: targets[0].id, name: targets[0].name, days: [], percent24h: nil, percent7d: nil, percent30d: 99.95,
            percent90d: nil)
        let report = UptimeReport(endsAt: now, timeZone: .gmt, series: [series])
        let german = try #require(Wording(locale: "de-DE"))
        let badges = try UptimeFeed.badgeFiles(report, widgets: widgets, german).map { try parse($0.bytes) }
        #expect(badges[0]["label"] == .string(targets[0].name + " 30 Tage"))
        #expect(badges[0]["message"] == .string("99,9\u{A0}%"))
        #expect(badges[1]["message"] == .string("keine Daten"))
        let english = try UptimeFeed.badgeFiles(report, widgets: widgets).map { try parse($0.bytes) }
        #expect(english[0]["label"] == .string(targets[0].name + " 30d") && english[0]["message"] == .string("99.95%"))
        #expect(english[1]["message"] == .string("no data"))
    }

    @Test func staleBadgeSaysSoInGrey() throws {
        let later = now.addingTimeInterval(3600)
        let badge = try parse(BadgeFeed.bytes(try sampleWidgets(), context: FeedContext(generatedAt: later)))
        #expect(badge["message"] == .string("stale · 1 h"))
        #expect(badge["color"] == .string("lightgrey"))
        let days = try parse(
            BadgeFeed.bytes(try sampleWidgets(), context: FeedContext(generatedAt: now.addingTimeInterval(2 * 86_400))))
        #expect(days["message"] == .string("stale · 2 days — since 21 Nov 10:42"))
        let ahead = try parse(
            BadgeFeed.bytes(try sampleWidgets(), context: FeedContext(generatedAt: now.addingTimeInterval(-3_600))))
        #expect(ahead["message"] == .string("clock ahead · 59 min"))
        #expect(ahead["color"] == .string("lightgrey"))
    }

    @Test func dataTakenJustAfterTheRenderStartedIsZeroSecondsOld() throws {
        let widgets = try sampleWidgets()
        let context = FeedContext(generatedAt: widgets.snapshotAt.addingTimeInterval(-0.001))
        #expect(try parse(SummaryFeed.bytes(widgets, context: context))["ageSeconds"] == .number(0))
        #expect(String(decoding: WidgetsFeed.bytes(widgets, context: context), as: UTF8.self).contains(#""ageSeconds": 0,"#))
    }

    /// Text a dashboard shows as it comes is in the feeds' language ("4,2 ms" in German).
    @Test func theSummarysTextsSpeakTheFeedsLanguage() throws {
        let german = try #require(Wording(locale: "de-DE"))
        let context = FeedContext(generatedAt: now, timeZone: .gmt, wording: german)
        let summary = try parse(SummaryFeed.bytes(try sampleWidgets(), context: context))
        #expect(summary["gatewayLatencyText"] == .string("4,2 ms"))
        #expect(summary["freshnessText"] == .string("Stand 10:42"))
    }

    @Test func everyJSONOutputCarriesTheDataAge() throws {
        let widgets = try sampleWidgets()
        for (generatedAt, age, freshness, stale, text) in [
            (now, 60.0, "fresh", false, "Updated 10:42"),
            (now.addingTimeInterval(3 * 3_600), 3 * 3_600 + 60.0, "stale", true, "Stale · 3 h"),
            (now.addingTimeInterval(-600), -540.0, "clockAhead", true, "Clock ahead · 9 min"),
        ] {
            let context = FeedContext(generatedAt: generatedAt, timeZone: TimeZone(identifier: "Europe/Zurich")!)
            let summary = try parse(SummaryFeed.bytes(widgets, context: context))
            let document = try parse(WidgetsFeed.bytes(widgets, context: context))
            #expect(summary["stale"] == .bool(stale))
            #expect(summary["ageSeconds"] == .number(age))
            #expect(summary["freshness"] == .string(freshness))
            #expect(summary["freshnessText"] == .string(text.replacingOccurrences(of: "10:42", with: "11:42")))
            #expect(document["stale"] == .bool(stale))
            #expect(document["ageSeconds"] == .number(age))
            #expect(document["freshness"] == .string(freshness))
        }
    }

    @Test func devicesJSONSaysWhenItExpiresAndNotWhenItWasRendered() throws {
        let snapshot = SampleSnapshot.snapshot.redated(to: RFC3339.parse("2026-11-21T10:42:00Z")!)
        let widgets = WidgetSet(snapshot, options: WidgetOptions(freshnessSeconds: 600))
        let bytes = DevicesFeed.bytes(snapshot, expiresAt: widgets.expiresAt, context: FeedContext(generatedAt: now))
        let document = try parse(bytes)
        #expect(document["snapshotAt"] == .string("2026-11-21T10:42:00Z"))
        #expect(document["expiresAt"] == .string("2026-11-21T10:52:00Z"))
        // Rendered again later, the same snapshot gives the same bytes.
        let later = FeedContext(generatedAt: now.addingTimeInterval(3_600))
        #expect(DevicesFeed.bytes(snapshot, expiresAt: widgets.expiresAt, context: later) == bytes)
    }

    /// Written a device at a time, the file is byte for byte the document `json` describes,
    /// names with quotes and markup escaped, and with no device at all.
    @Test func devicesJSONWrittenAsAStreamIsTheDocument() throws {
        var snapshot = SampleSnapshot.snapshot.redated(to: RFC3339.parse("2026-11-21T10:42:00Z")!)
        snapshot.devices[0].customName = #"Anna's "iPad" <b>&"#
        let expiresAt = snapshot.generatedAt.addingTimeInterval(600)
        for devices in [snapshot.devices, []] {
            snapshot.devices = devices
            let context = FeedContext(generatedAt: now)
            let whole = JSONWriter.bytes(DevicesFeed.json(snapshot, expiresAt: expiresAt, context: context), pretty: false)
            #expect(DevicesFeed.bytes(snapshot, expiresAt: expiresAt, context: context) == whole)
            #expect(try parse(whole)["devices"].map { _ in true } == true)
        }
    }

    @Test func summaryIsFlatWithAShortState() throws {
        let summary = try parse(SummaryFeed.bytes(try sampleWidgets(), context: FeedContext(generatedAt: now)))
        guard case .object(let members) = summary else {
            Issue.record("not an object")
            return
        }
        for (key, value) in members {
            switch value {
            case .string, .number, .bool, .null: break
            default: Issue.record("\(key) is not flat")
            }
        }
        #expect(summary["state"] == .string("degraded"))
        #expect(summary["stale"] == .bool(false), "a JSON boolean: the string \"no\" is truthy in Jinja and JavaScript")
        #expect(summary["targetsOnline"] == .number(5))
        #expect(summary["targetsTotal"] == .number(6))
        #expect(summary["gatewayLatencyMs"] == .number(4.2))
        #expect(summary["devicesActive"] == .number(11))
        #expect(summary["devicesTotal"] == .number(15))
        #expect(summary["publicIP"] == .string("203.0.113.7"))
        #expect(summary["networkName"] == .string("Home Wi-Fi"))
        #expect(summary["snapshotAt"] == .string("2026-11-21T10:42:00Z"))
        #expect(summary["expiresAt"] == .string("2026-11-21T10:47:00Z"))
    }

    @Test func absentMeasurementsAreNullNeverZero() throws {
        var snapshot = SampleSnapshot.snapshot
        snapshot.status.gatewayLatency = nil
        snapshot.status.signalDBm = nil
        snapshot.status.signalStrength = nil
        snapshot.status.publicIP = nil
        let widgets = WidgetSet(snapshot)
        let context = FeedContext(generatedAt: snapshot.generatedAt)
        let summary = try parse(SummaryFeed.bytes(widgets, context: context))
        let document = try parse(WidgetsFeed.bytes(widgets, context: context))
        #expect(summary["gatewayLatencyMs"] == JSONValue.null)
        #expect(summary["publicIP"] == JSONValue.null)
        #expect(document["medium"]?["gatewayLatencyMs"] == JSONValue.null)
        #expect(document["small"]?["signalBars"] == JSONValue.null)
        #expect(document["small"]?["signalDBm"] == JSONValue.null)
    }

    @Test func sameInputGivesSameBytes() throws {
        let context = FeedContext(generatedAt: now)
        #expect(WidgetsFeed.bytes(try sampleWidgets(), context: context) == WidgetsFeed.bytes(try sampleWidgets(), context: context))
    }
}
