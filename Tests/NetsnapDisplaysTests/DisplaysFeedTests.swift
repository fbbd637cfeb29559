import Foundation
import Logging
import NIOConcurrencyHelpers
import NetsnapJSON
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapDisplays

/// `displays.json`, the battery curve, the health states and the changes they make.
@Suite struct DisplaysFeedTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let feed = DisplaysFeed(lowBatteryPercent: 20, defaultRefreshSeconds: 900, redact: false, periodSeconds: 60)

    static func record(volts: Double? = 4.1, seen: Date = start, answered: Int? = 900) throws -> DisplayRecord {
        var record = DisplayRecord(device: try #require(MACAddress("AA:BB:CC:DD:EE:FF")), lastSeen: seen)
        record.absorb(DisplayReport(batteryVolts: volts, rssi: -55, firmware: "1.8.5", model: "og"), at: seen)
        record.answeredRefreshSeconds = answered
        return record
    }

    /// TRMNL's curve: 3.0 V is 0 % at 12 mV a percent, plateaus near full, a 1 % floor.
    @Test(arguments: [
        (4.20, 100), (4.06, 100), (4.03, 95), (4.00, 90), (3.90, 75), (3.60, 50), (3.24, 20), (3.228, 19), (3.12, 10), (3.0, 1), (0, 1),
    ])
    func batteryPercentFollowsTRMNLsCurve(volts: Double, percent: Int) {
        #expect(BatteryCurve.percent(volts: volts) == percent)
    }

    @Test func anEntryHasTheIssuesFieldsAndRedactionHidesTheMAC() throws {
        var record = try Self.record()
        record.append([DisplayLogEntry(receivedAt: Self.start, createdAt: nil, level: "error", source: nil, message: "newest")])
        let document = Self.feed.document([record], now: Self.start.addingTimeInterval(30))
        guard case .array(let entries)? = document["displays"], let entry = entries.first, case .object(let members) = entry else {
            Issue.record("no entries")
            return
        }
        #expect(
            members.map(\.key) == [
                "id", "mac", "model", "firmware", "batteryVolts", "batteryPercent", "rssi", "lastSeen", "expectedBy", "state", "lastLog",
            ])
        #expect(entry["id"] == .string(record.friendlyID))
        #expect(entry["mac"] == .string("aa:bb:cc:dd:ee:ff"))
        #expect(entry["batteryVolts"] == .number(4.1) && entry["batteryPercent"] == .number(100))
        #expect(entry["expectedBy"] == .string(RFC3339.format(Self.start.addingTimeInterval(900))))
        #expect(entry["state"] == .string("ok"))
        #expect(entry["lastLog"] == .string("newest"))
        #expect(document["expiresAt"] == .string(RFC3339.format(Self.start.addingTimeInterval(90))))

        var redacting = Self.feed
        redacting.redact = true
        let redacted = JSONWriter.bytes(redacting.document([record], now: Self.start))
        #expect(!String(decoding: redacted, as: UTF8.self).lowercased().contains("aa:bb:cc"))
    }

    @Test func healthIsOkLowOrSilent() throws {
        #expect(Self.feed.health(of: try Self.record(), now: Self.start) == .ok)
        #expect(Self.feed.health(of: try Self.record(volts: 3.2), now: Self.start) == .lowBattery)
        // Silent after three of its periods (the rate it was last given), low battery or not.
        let record = try Self.record(volts: 3.2, answered: 300)
        #expect(Self.feed.health(of: record, now: Self.start.addingTimeInterval(900)) == .lowBattery)
        #expect(Self.feed.health(of: record, now: Self.start.addingTimeInterval(901)) == .silent)
        // Without a voltage, never low.
        #expect(Self.feed.health(of: try Self.record(volts: nil), now: Self.start) == .ok)
    }

    /// The watcher writes the file, and tells battery low, silent and back, once each.
    @Test func theWatcherWritesTheFileAndTellsChanges() throws {
        let folder = try TemporaryFolder.make("displays-feed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = TestClock(Self.start)
        let registry = DisplayRegistry(stateDirectory: nil, logger: Logger(label: "test"))
        let told = NIOLockedValueBox<[DisplayChange.Kind]>([])
        let watcher = DisplayWatcher(
            registry: registry, feed: Self.feed, outputDirectory: folder, now: clock.reading, logger: Logger(label: "test"),
            onChange: { change in told.withLockedValue { $0.append(change.kind) } })
        let device = try #require(MACAddress("AA:BB:CC:DD:EE:FF"))
        watcher.update()
        #expect(!FileManager.default.fileExists(atPath: folder + "/displays.json"), "nothing to say before any display talked")

        registry.saw(
            device, report: DisplayReport(batteryVolts: 4.1), answered: DisplayAnswer(filename: "f", seconds: 900, at: clock.now),
            at: clock.now)
        watcher.update()
        let written = try JSONParser.parse(Array(try #require(FileManager.default.contents(atPath: folder + "/displays.json"))))
        #expect(written["displays"].map { if case .array(let list) = $0 { list.count } else { 0 } } == 1)

        clock.advance(by: 900)
        registry.saw(
            device, report: DisplayReport(batteryVolts: 3.2), answered: DisplayAnswer(filename: "f", seconds: 900, at: clock.now),
            at: clock.now)
        watcher.update()
        clock.advance(by: 2_701)
        watcher.update()
        watcher.update()
        registry.saw(
            device, report: DisplayReport(batteryVolts: 4.2), answered: DisplayAnswer(filename: "f", seconds: 900, at: clock.now),
            at: clock.now)
        watcher.update()
        #expect(told.withLockedValue { $0 } == [.batteryLow, .silent, .back])
        let text = String(decoding: try #require(FileManager.default.contents(atPath: folder + "/displays.json")), as: UTF8.self)
        #expect(text.contains(#""state": "ok""#) || text.contains(#""state":"ok""#))
    }

    /// A change becomes an event of the history's kinds; header text stays out of its words.
    @Test func changesBecomeEventsWithoutHeaderTextInTheirWords() throws {
        var record = try Self.record(volts: 3.2)
        record.absorb(DisplayReport(firmware: "<b>1.8.5</b>", model: "og"), at: Self.start)
        let low = DisplayChange(kind: .batteryLow, record: record, at: Self.start).event(timeZone: TimeZone(identifier: "UTC")!)
        #expect(low.kind == .displayBatteryLow)
        #expect(low.wording.title == "Display \(record.friendlyID) battery low")
        #expect(low.wording.text == "Display \(record.friendlyID) reports 3.20 V, about 17 %: charge it soon.")
        #expect(low.wording.data["firmware"] == "<b>1.8.5</b>" && !low.wording.text.contains("<b>"))
        let silent = DisplayChange(kind: .silent, record: record, at: Self.start.addingTimeInterval(2_760))
            .event(timeZone: TimeZone(identifier: "UTC")!)
        #expect(silent.kind == .displaySilent && silent.wording.text.contains("for 46 min"))
        #expect(DisplayChange(kind: .back, record: record, at: Self.start).event(timeZone: .current).kind == .displayBack)
    }
}
