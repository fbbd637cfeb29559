import Foundation
import NetsnapModel
import Testing

@testable import NetsnapHistory

@Suite struct EventDetectionTests {
    let detector = EventDetector(failuresBeforeEvent: 3, latencyThresholdMs: 100)

    func kinds(_ store: HistoryStore, _ snapshot: Snapshot) throws -> [NetworkEvent.Kind] {
        try store.record(snapshot, detector: detector).events.map(\.kind)
    }

    @Test func targetIsDownOnlyAfterNFailuresAndRecovers() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 0)).isEmpty)
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 1, nasOnline: false)).isEmpty)
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 2, nasOnline: false)).isEmpty)
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 3, nasOnline: false)) == [.targetDown])
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 4, nasOnline: false)).isEmpty, "reported once")
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 5)) == [.targetRecovered])
    }

    @Test func targetDownSaysWhyWhenTheSnapshotDoes() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        func failing(_ minute: Int, _ reason: String?) -> Snapshot {
            var snapshot = HistoryFixtures.snapshot(minute: minute, nasOnline: false)
            snapshot.targets[0].lastError = reason
            return snapshot
        }
        _ = try store.record(failing(0, nil), detector: detector)
        _ = try store.record(failing(1, "timed out after 2 s"), detector: detector)
        let down = try #require(try store.record(failing(2, "connection refused"), detector: detector).events.first)
        #expect(down.kind == .targetDown)
        #expect(down.wording.text == "NAS (192.168.1.10, icmp) failed 3 checks in a row: connection refused.")
        #expect(down.wording.data["lastError"] == "connection refused")
        #expect(down.publicWording.text == "NAS (icmp) failed 3 checks in a row: connection refused.")

        // A reason naming the host stays out of the public wording, which never names it.
        let other = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        for minute in 0..<2 { _ = try other.record(failing(minute, nil), detector: detector) }
        let named = try #require(
            try other.record(failing(2, "connect 192.168.1.10: No route to host"), detector: detector).events.first)
        #expect(named.wording.text.hasSuffix("in a row: connect 192.168.1.10: No route to host."))
        #expect(named.publicWording.text == "NAS (icmp) failed 3 checks in a row.")
        #expect(named.publicWording.data["lastError"] == nil)

        let silent = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        for minute in 0..<2 { _ = try silent.record(failing(minute, nil), detector: detector) }
        let plain = try #require(try silent.record(failing(2, nil), detector: detector).events.first)
        #expect(plain.wording.text == "NAS (192.168.1.10, icmp) failed 3 checks in a row.")
    }

    @Test func aBlipShorterThanNIsNotAnOutage() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        for minute in 0..<6 {
            let online = minute % 3 != 1
            #expect(try kinds(store, HistoryFixtures.snapshot(minute: minute, nasOnline: online)).isEmpty)
        }
    }

    @Test func newAndGoneDevicesAfterTheBaseline() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let phone = HistoryFixtures.device("3c:22:fb:00:00:17", name: "Phone")
        let tv = HistoryFixtures.device("70:2a:d5:00:00:30", name: "TV")
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 0, devices: [phone])).isEmpty, "the first snapshot is the baseline")
        let added = try store.record(HistoryFixtures.snapshot(minute: 1, devices: [phone, tv]), detector: detector).events
        #expect(added.map(\.kind) == [.newDevice])
        #expect(added.first?.wording.title == "New device: TV")
        #expect(added.first?.wording.data["macAddress"] == "70:2a:d5:00:00:30")
        #expect(added.first?.publicWording.data["macAddress"] == nil)
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 2, devices: [phone])).isEmpty)
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 3, devices: [phone])).isEmpty)
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 4, devices: [phone])) == [.deviceGone])
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 5, devices: [phone, tv])).isEmpty, "a known device is not new")
    }

    @Test func gatewayChangeLatencyAndConnection() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        _ = try kinds(store, HistoryFixtures.snapshot(minute: 0))
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 1, gatewayIP: "192.168.1.254")) == [.gatewayChanged])
        for minute in 2...3 {
            #expect(try kinds(store, HistoryFixtures.snapshot(minute: minute, gatewayLatency: 250, gatewayIP: "192.168.1.254")).isEmpty)
        }
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 4, gatewayLatency: 250, gatewayIP: "192.168.1.254")) == [.latencyHigh])
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 5, gatewayIP: "192.168.1.254")) == [.latencyNormal])
        for minute in 6...7 {
            #expect(try kinds(store, HistoryFixtures.snapshot(minute: minute, gatewayIP: nil)).isEmpty)
        }
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 8, gatewayIP: nil)) == [.connectionLost])
        #expect(try kinds(store, HistoryFixtures.snapshot(minute: 9, gatewayIP: "192.168.1.254")) == [.connectionRestored])
    }

    @Test func debounceAndIdsSurviveARestart() throws {
        let path = HistoryFixtures.temporaryDatabase()
        do {
            let store = try HistoryStore(path: path)
            _ = try kinds(store, HistoryFixtures.snapshot(minute: 0))
            _ = try kinds(store, HistoryFixtures.snapshot(minute: 1, nasOnline: false))
            _ = try kinds(store, HistoryFixtures.snapshot(minute: 2, nasOnline: false))
        }
        let reopened = try HistoryStore(path: path)
        let events = try reopened.record(HistoryFixtures.snapshot(minute: 3, nasOnline: false), detector: detector).events
        #expect(events.map(\.kind) == [.targetDown], "failure count kept across the restart")
        let id = try #require(events.first?.id)
        #expect(id == "targetDown:\(HistoryFixtures.nas.uuidString):\(Int(HistoryFixtures.start.timeIntervalSince1970) + 180)")
        #expect(try reopened.recentEvents(limit: 10).map(\.id) == [id])
    }

    @Test func rereadingTheSameSnapshotRecordsNothing() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        #expect(try store.record(HistoryFixtures.snapshot(minute: 0), detector: detector).isNew)
        #expect(try !store.record(HistoryFixtures.snapshot(minute: 0), detector: detector).isNew)
    }
}

@Suite struct EventPrivacyAndStreamTests {
    let detector = EventDetector(failuresBeforeEvent: 1)

    @Test func deviceEventIdsNeverHoldTheMAC() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        let phone = HistoryFixtures.device("3c:22:fb:00:00:17", name: "Phone")
        let tv = HistoryFixtures.device("70:2a:d5:00:00:30", name: "TV")
        _ = try store.record(HistoryFixtures.snapshot(minute: 0, devices: [phone]), detector: detector)
        let added = try store.record(HistoryFixtures.snapshot(minute: 1, devices: [phone, tv]), detector: detector).events
        let gone = try store.record(HistoryFixtures.snapshot(minute: 2, devices: [phone]), detector: detector).events
        #expect(added.map(\.kind) == [.newDevice] && gone.map(\.kind) == [.deviceGone])
        for event in added + gone {
            #expect(!event.id.contains("70:2a:d5"), "\(event.id)")
            #expect(event.id.contains(tv.id.uuidString))
        }
    }

    @Test func unknownDeviceListsDoNotMakeDevicesGoneOrNew() throws {
        let store = try HistoryStore(path: HistoryFixtures.temporaryDatabase())
        for minute in 0..<3 {
            let events = try store.record(HistoryFixtures.snapshot(minute: minute, devices: []), detector: detector, devicesKnown: false)
                .events
            #expect(events.isEmpty)
        }
        let first = try store.record(HistoryFixtures.snapshot(minute: 3), detector: detector).events
        #expect(first.isEmpty, "the first real device list is the baseline")
    }

    @Test func longGoneDevicesAreForgotten() {
        var state = DetectorState()
        state.devices["a"] = .init(id: "A", name: "a", publicName: "a", missing: 5, goneAt: 100)
        state.devices["b"] = .init(id: "B", name: "b", publicName: "b", missing: 0, goneAt: nil)
        state.forgetDevices(goneBefore: 200)
        #expect(Array(state.devices.keys) == ["b"])
    }
}
