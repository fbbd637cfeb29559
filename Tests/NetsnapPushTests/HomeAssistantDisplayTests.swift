import Foundation
import NetsnapModel
import Testing

@testable import NetsnapPush

/// Each wall display as Home Assistant entities on the netsnap device: battery, signal, last seen.
@Suite struct HomeAssistantDisplayTests {
    static let seen = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func eachDisplayHasBatterySignalAndLastSeen() throws {
        let display = DisplayEntry(
            id: "917F0B", model: "og", firmware: "1.8.5", batteryPercent: 17, rssi: -71, lastSeen: Self.seen, state: "low-battery",
            lastLog: nil)
        var frame = PushFixtures.frame()
        frame.displays = [display]
        let tests = HomeAssistantDiscoveryTests()
        let messages = tests.messages(frame)
        let configs = try tests.configs(messages)
        // 8 network, 3 maintenance, 3 for each of 2 targets, 3 for the display.
        #expect(configs.count == 20)
        for objectID in ["display_917f0b_battery", "display_917f0b_rssi", "display_917f0b_last_seen"] {
            let config = try #require(configs[objectID], "\(objectID)")
            #expect(HomeAssistantSchema.violations(of: config.payload, component: config.component) == [], "\(objectID)")
            // The display's own readings: available while netsnap is, stale network data or not.
            #expect((config.payload["availability"] as? [[String: Any]])?.count == 1)
        }
        #expect(configs["display_917f0b_battery"]?.payload["device_class"] as? String == "battery")
        #expect(configs["display_917f0b_rssi"]?.payload["unit_of_measurement"] as? String == "dBm")
        #expect(messages["netsnap/hallway-pi/display/917f0b/battery"] == "17")
        #expect(messages["netsnap/hallway-pi/display/917f0b/rssi"] == "-71")
        #expect(messages["netsnap/hallway-pi/display/917f0b/last_seen"] == "2026-11-18T11:06:40Z")
    }

    @Test func anIdThatCouldBendATopicIsNotADisplay() {
        let document = #"{"displays":[{"id":"a/#+","state":"ok","lastSeen":"2026-11-18T11:06:40Z"}]}"#
        #expect(DisplayEntry.entries(fromDisplaysJSON: Array(document.utf8)).isEmpty)
    }
}
