import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapTestSupport
import Testing

@testable import NetsnapHistory

/// Events are worded in the configured language when they are detected, with the shipped
/// catalogue's words; their kind, id and machine `data` are the same in every language, and
/// the default (POSIX) keeps netsnap's English.
@Suite struct EventLanguageTests {
    static let german = Wording(locale: "de-DE")!
    static let apple = LocalDevice(
        id: UUID(uuidString: "7C1D5E2A-4B3F-4E8D-9A6C-2F1B0E9D8C7A")!, ipAddress: IPAddress("192.168.1.40"),
        macAddress: MACAddress("a4:83:e7:00:00:40"), vendor: "Apple", status: .active, firstSeen: HistoryFixtures.start,
        lastSeen: HistoryFixtures.start)

    /// The NAS failing three checks ("connection refused") and answering again, and a device
    /// of Apple's joining, as a detector speaking `wording` words them.
    func events(_ wording: Wording, maintenance: MaintenanceCoverage = MaintenanceCoverage()) throws -> [NetworkEvent] {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let detector = EventDetector(failuresBeforeEvent: 3, wording: wording)
        var events: [NetworkEvent] = []
        for minute in 0..<5 {
            let down = (1...3).contains(minute)
            let devices = [HistoryFixtures.device("3c:22:fb:00:00:17", name: "Phone")] + (minute == 4 ? [Self.apple] : [])
            var snapshot = HistoryFixtures.snapshot(minute: minute, nasOnline: !down, devices: devices)
            if down { snapshot.targets[0].lastError = "connection refused" }
            events += try store.record(snapshot, detector: detector, maintenance: maintenance).events
        }
        return events
    }

    @Test func aGermanDetectorWordsItsEventsWithTheCatalogue() throws {
        let events = try events(Self.german)
        let down = try #require(events.first { $0.kind == .targetDown })
        #expect(down.wording.title == (try ShippedTranslation.text(EventPhrase.targetDown, in: "de", ["name": "NAS"])))
        let failed = try ShippedTranslation.forms(
            EventCountPhrase.failedChecksBecause, in: "de", ["target": "NAS (icmp)", "count": "3", "reason": "Verbindung abgelehnt"])
        #expect(down.publicWording.text == failed[1], "German's plural form for 3, the producer's reason in German")
        #expect(down.wording.data["lastError"] == "connection refused", "the data keeps the snapshot's words")
        let recovered = try #require(events.first { $0.kind == .targetRecovered })
        #expect(recovered.wording.title == (try ShippedTranslation.text(EventPhrase.targetRecovered, in: "de", ["name": "NAS"])))
        #expect(
            recovered.publicWording.text
                == (try ShippedTranslation.text(EventPhrase.reachableAgainWithLatency, in: "de", ["target": "NAS", "latency": "2"])))

        // A device without a name of its own is "A <vendor> device" in the words, in English in the data.
        let joined = try #require(events.first { $0.kind == .newDevice })
        let apple = try ShippedTranslation.text(EventPhrase.vendorDevice, in: "de", ["vendor": "Apple"])
        #expect(joined.publicWording.title == (try ShippedTranslation.text(EventPhrase.newDevice, in: "de", ["name": apple])))
        #expect(joined.publicWording.data["name"] == "A Apple device")
    }

    @Test func thePOSIXDefaultKeepsTheEnglish() throws {
        let events = try events(.posix)
        #expect(events.map(\.publicWording.title) == ["NAS is down", "NAS recovered", "New device: A Apple device"])
        #expect(events[0].wording.text == "NAS (192.168.1.10, icmp) failed 3 checks in a row: connection refused.")
        #expect(events[1].publicWording.text == "NAS is reachable again, 2 ms.")
        #expect(events[2].publicWording.text == "A Apple device joined the network.")
    }

    @Test func kindsIdsAndDataDoNotChangeWithTheLanguage() throws {
        let english = try events(.posix)
        let german = try events(Self.german)
        #expect(german.map(\.kind) == english.map(\.kind) && german.map(\.id) == english.map(\.id))
        #expect(german.map(\.wording.data) == english.map(\.wording.data))
        #expect(german.map(\.publicWording.data) == english.map(\.publicWording.data))
        #expect(german.map(\.wording.title) != english.map(\.wording.title))
    }

    @Test func eventsUnderMaintenanceAreMarkedInTheirLanguage() throws {
        var coverage = MaintenanceCoverage()
        coverage.targetIDs = [HistoryFixtures.nas]
        let down = try #require(try events(Self.german, maintenance: coverage).first { $0.kind == .targetDown })
        let title = try ShippedTranslation.text(EventPhrase.targetDown, in: "de", ["name": "NAS"])
        #expect(down.wording.title == (try ShippedTranslation.text(Phrase.maintenanceWith, in: "de", ["detail": title])))
        #expect(down.wording.data["maintenance"] == "true")
        let english = try #require(try events(.posix, maintenance: coverage).first { $0.kind == .targetDown })
        #expect(english.wording.title == "Maintenance · NAS is down")
    }

    @Test func aDeviceGoneIsWordedWithItsPublicNameInTheLanguage() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let detector = EventDetector(failuresBeforeEvent: 1, wording: Self.german)
        let phone = HistoryFixtures.device("3c:22:fb:00:00:17", name: "Phone")
        _ = try store.record(HistoryFixtures.snapshot(minute: 0, devices: [phone, Self.apple]), detector: detector)
        let gone = try #require(try store.record(HistoryFixtures.snapshot(minute: 1, devices: [phone]), detector: detector).events.first)
        let apple = try ShippedTranslation.text(EventPhrase.vendorDevice, in: "de", ["vendor": "Apple"])
        let notSeen = try ShippedTranslation.forms(EventCountPhrase.notSeen, in: "de", ["name": apple, "count": "1"])
        #expect(gone.kind == .deviceGone && gone.publicWording.text == notSeen[0], "German's singular form for 1")
        #expect(gone.publicWording.data["name"] == "A Apple device")
    }

    /// A list of problems and a name's details are written each language's way: "، " in
    /// Arabic, "、" and full-width brackets in Japanese, not English punctuation.
    @Test func listsAndDetailsTakeTheLanguagesPunctuation() throws {
        func degraded(_ locale: String) throws -> NetworkEvent {
            let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
            let detector = EventDetector(
                failuresBeforeEvent: 1, lossThresholdPercent: 5, jitterThresholdMs: 30, wording: try #require(Wording(locale: locale)))
            var snapshot = HistoryFixtures.snapshot(minute: 0)
            (snapshot.targets[0].lossPercent, snapshot.targets[0].jitterMs) = (20, 45)
            return try #require(try store.record(snapshot, detector: detector).events.first { $0.kind == .targetDegraded })
        }
        let arabic = try degraded("ar-EG").wording.text
        #expect(arabic.contains("، ") && !arabic.contains(", "), "\(arabic)")
        let japanese = try degraded("ja-JP").wording.text
        #expect(japanese.hasPrefix("NAS（192.168.1.10）") && japanese.contains("、") && !japanese.contains(", "), "\(japanese)")
        #expect(try degraded("de-DE").wording.text.hasPrefix("NAS (192.168.1.10): 20 % Verlust"))
        let japaneseWording = try #require(Wording(locale: "ja-JP"))
        let down = try #require(try events(japaneseWording).first { $0.kind == .targetDown })
        #expect(down.wording.text.hasPrefix("NAS（192.168.1.10、icmp）"), "\(down.wording.text)")
    }
}
