import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapPush

/// The wall's sites as Home Assistant connectivity sensors on the wall's own device.
@Suite struct HomeAssistantSitesTests {
    let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "wall"))

    func site(_ slug: String, connected: Bool) -> SiteSensor {
        SiteSensor(
            slug: slug, name: "Cabin \"north\"", connected: connected,
            attributes: .object([("id", .string(slug)), ("state", .string(connected ? "online" : "lost"))]))
    }

    func messages(_ sites: [SiteSensor], discovery: HomeAssistantDiscovery? = nil) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (discovery ?? self.discovery).siteMessages(sites).map {
                ($0.topic, String(decoding: $0.payload, as: UTF8.self))
            })
    }

    @Test func eachSiteIsAConnectivitySensorWithItsEntryAsAttributes() throws {
        let published = messages([site("cabin", connected: true), site("shop", connected: false)])
        let text = try #require(published["homeassistant/binary_sensor/wall/site_cabin/config"])
        let config = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(HomeAssistantSchema.violations(of: config, component: "binary_sensor") == [])
        #expect(config["device_class"] as? String == "connectivity")
        #expect(config["unique_id"] as? String == "netsnap_wall_site_cabin")
        #expect(config["object_id"] as? String == "netsnap_wall_site_cabin")
        #expect(config["name"] as? String == "Site Cabin \"north\"")
        #expect((config["device"] as? [String: Any])?["identifiers"] as? [String] == ["netsnap_wall"])
        let availability = try #require(config["availability"] as? [[String: Any]])
        #expect(availability.map { $0["topic"] as? String } == ["netsnap/wall/availability"], "a lost site is OFF, not unavailable")
        #expect(config["json_attributes_topic"] as? String == "netsnap/wall/site/cabin/attributes")
        #expect(published["netsnap/wall/site/cabin/connectivity"] == "ON")
        #expect(published["netsnap/wall/site/shop/connectivity"] == "OFF")
        #expect(published["netsnap/wall/site/cabin/attributes"] == #"{"id":"cabin","state":"online"}"#)
    }

    @Test func siteEntitiesNeverTakeTheWallsOwnOrATargetsID() {
        let objectID = HomeAssistantDiscovery.siteObjectID("status")
        #expect(objectID == "site_status")
        #expect(!objectID.hasPrefix("target_") && objectID != "status")
    }

    @Test func withoutDiscoveryOnlyStatesAndAttributes() {
        var settings = discovery.settings
        settings.discovery = false
        let published = messages([site("cabin", connected: true)], discovery: HomeAssistantDiscovery(settings: settings))
        #expect(published.keys.sorted() == ["netsnap/wall/site/cabin/attributes", "netsnap/wall/site/cabin/connectivity"])
    }

    @Test func forgettingASiteClearsItsConfigAndTopics() {
        #expect(
            discovery.siteFilters("cabin") == ["homeassistant/binary_sensor/wall/site_cabin/config", "netsnap/wall/site/cabin/#"])
    }
}
