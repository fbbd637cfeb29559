import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapFeeds

@Suite struct TargetBadgeFeedTests {
    let snapshotAt = RFC3339.parse("2026-11-21T10:42:00Z")!

    func widgets(_ targets: [MonitoringTarget], redacted: Bool = false) -> WidgetSet {
        var snapshot = SampleSnapshot.snapshot.redated(to: snapshotAt)
        snapshot.targets = targets
        return WidgetSet(snapshot, redacted: redacted)
    }

    func target(_ name: String, online: Bool, latency: Double?, host: String = "192.168.1.20") -> MonitoringTarget {
        MonitoringTarget(
            id: UUID(), name: name, host: host, probeProtocol: .http, currentLatency: latency, isOnline: online, lastChecked: snapshotAt)
    }

    @Test func aDegradedTargetsBadgeIsAmberAndSaysWhy() throws {
        var lossy = target("NAS", online: true, latency: 12)
        lossy.lossPercent = 20
        lossy.jitterMs = 4.5
        var fine = target("Printer", online: true, latency: 4.25)
        fine.lossPercent = 0
        let files = TargetBadgeFeed.files(widgets([lossy, fine]), context: FeedContext(generatedAt: snapshotAt.addingTimeInterval(60)))
        let degraded = try JSONParser.parse(files[0].bytes)
        #expect(degraded["message"] == .string("degraded · 12 ms · 20 % loss · 4.5 ms jitter"))
        #expect(degraded["color"] == .string("f59e0b"))
        #expect(try JSONParser.parse(files[1].bytes)["message"] == .string("up · 4.3 ms"))
    }

    @Test func oneShieldsBadgePerTargetNamedBySlug() throws {
        let files = TargetBadgeFeed.files(
            widgets([
                target("Home Assistant", online: true, latency: 24.3), target("NAS", online: false, latency: nil),
                target("Printer", online: true, latency: 4.25),
            ]),
            context: FeedContext(generatedAt: snapshotAt.addingTimeInterval(60)))
        #expect(files.map(\.path) == ["badges/home-assistant.json", "badges/nas.json", "badges/printer.json"])
        let up = try JSONParser.parse(files[0].bytes)
        #expect(
            up
                == .object([
                    ("schemaVersion", .number(1)), ("label", .string("Home Assistant")), ("message", .string("up · 24 ms")),
                    ("color", .string("10b981")), ("cacheSeconds", .number(300)),
                ]))
        let down = try JSONParser.parse(files[1].bytes)
        #expect(down["message"] == .string("down"))
        #expect(down["color"] == .string("ef4444"))
        #expect(try JSONParser.parse(files[2].bytes)["message"] == .string("up · 4.3 ms"))
    }

    @Test func staleBadgesSaySoInGrey() throws {
        let files = TargetBadgeFeed.files(
            widgets([target("NAS", online: true, latency: 2)]), context: FeedContext(generatedAt: snapshotAt.addingTimeInterval(3600)))
        let badge = try JSONParser.parse(files[0].bytes)
        #expect(badge["message"] == .string("stale · up · 2.0 ms"))
        #expect(badge["color"] == .string("lightgrey"))
    }

    @Test func hostileNamesAreEscapedAndSlugsStayFileNames() throws {
        let name = "\"/../../etc\" <b>\u{7}"
        let files = TargetBadgeFeed.files(
            widgets([
                target(name, online: true, latency: 1), target("☃", online: true, latency: 1), target("etc", online: true, latency: 1),
            ]),
            context: FeedContext(generatedAt: snapshotAt))
        #expect(files.map(\.path) == ["badges/etc-b.json", "badges/target.json", "badges/etc.json"])
        #expect(try JSONParser.parse(files[0].bytes)["label"] == .string(name))
    }

    @Test func redactedWidgetsGiveRedactedBadges() throws {
        let files = TargetBadgeFeed.files(
            widgets([target("NAS", online: true, latency: 1, host: "192.168.1.20")], redacted: true),
            context: FeedContext(generatedAt: snapshotAt))
        let text = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(!text.contains("192.168"))
        #expect(try JSONParser.parse(files[0].bytes)["label"] == .string("NAS"))
    }
}
