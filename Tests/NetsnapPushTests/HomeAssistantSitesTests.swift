import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapPush

/// The wall's sites as Home Assistant entities on the wall's own device: a connectivity
/// binary sensor and an enum sensor of the wall's state for each, named after the site.
@Suite struct HomeAssistantSitesTests {
    let discovery = HomeAssistantDiscovery(settings: MQTTSettings(host: "127.0.0.1", nodeID: "wall"))

    func site(_ slug: String, state: String, connected: Bool?) -> SiteSensor {
        SiteSensor(
            slug: slug, name: "Cabin \"north\"", state: state, connected: connected,
            attributes: .object([("site_id", .string(slug)), ("site_name", .string("Cabin \"north\""))]))
    }

    func messages(_ sites: [SiteSensor], discovery: HomeAssistantDiscovery? = nil) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (discovery ?? self.discovery).siteMessages(sites).map {
                ($0.topic, String(decoding: $0.payload, as: UTF8.self))
            })
    }

    func config(_ published: [String: String], _ topic: String) throws -> [String: Any] {
        let text = try #require(published[topic])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func eachSiteIsAConnectivityAndAnEnumSensorWithItsAttributes() throws {
        let published = messages([site("cabin", state: "degraded", connected: true), site("shop", state: "lost", connected: false)])
        let connectivity = try config(published, "homeassistant/binary_sensor/wall/site_cabin/config")
        #expect(HomeAssistantSchema.violations(of: connectivity, component: "binary_sensor") == [])
        #expect(connectivity["device_class"] as? String == "connectivity")
        #expect(connectivity["unique_id"] as? String == "netsnap_wall_site_cabin")
        #expect(connectivity["default_entity_id"] as? String == "binary_sensor.netsnap_wall_site_cabin")
        #expect(connectivity["name"] as? String == "Site Cabin \"north\"")
        #expect((connectivity["device"] as? [String: Any])?["identifiers"] as? [String] == ["netsnap_wall"])
        let availability = try #require(connectivity["availability"] as? [[String: Any]])
        #expect(availability.map { $0["topic"] as? String } == ["netsnap/wall/availability"], "a lost site is OFF, not unavailable")
        #expect(connectivity["json_attributes_topic"] as? String == "netsnap/wall/site/cabin/attributes")

        let state = try config(published, "homeassistant/sensor/wall/site_cabin_state/config")
        #expect(HomeAssistantSchema.violations(of: state, component: "sensor") == [])
        #expect(state["device_class"] as? String == "enum")
        #expect(state["options"] as? [String] == ["online", "degraded", "stale", "invalid", "lost", "offline", "unknown"])
        #expect(state["default_entity_id"] as? String == "sensor.netsnap_wall_site_cabin_state")
        #expect(state["name"] as? String == "Site Cabin \"north\" state")
        #expect(state["json_attributes_topic"] as? String == "netsnap/wall/site/cabin/attributes")

        #expect(published["netsnap/wall/site/cabin/connectivity"] == "ON" && published["netsnap/wall/site/cabin/state"] == "degraded")
        #expect(published["netsnap/wall/site/shop/connectivity"] == "OFF" && published["netsnap/wall/site/shop/state"] == "lost")
        #expect(published["netsnap/wall/site/cabin/attributes"] == #"{"site_id":"cabin","site_name":"Cabin \"north\""}"#)
    }

    @Test func aSitesConfigsAreKeptForItsNameAndBuiltAgainWhenItOrTheWallChanges() throws {
        let cabin = site("cabin", state: "online", connected: true)
        let first = discovery.siteMessages([cabin])
        #expect(discovery.siteMessages([cabin]) == first)
        var renamed = cabin
        renamed.name = "Cabin by the lake"
        let named = try config(messages([renamed]), "homeassistant/binary_sensor/wall/site_cabin/config")
        #expect(named["name"] as? String == "Site Cabin by the lake")
        // Another wall's settings or version: configs of its own.
        let other = HomeAssistantDiscovery(settings: discovery.settings, softwareVersion: "9.9")
        let versioned = try config(messages([renamed], discovery: other), "homeassistant/sensor/wall/site_cabin_state/config")
        #expect((versioned["origin"] as? [String: Any])?["sw_version"] as? String == "9.9")
        #expect(discovery.siteMessages([cabin]) == first)
    }

    @Test func aSiteTheWallCannotSeeIsUnknownNotOff() {
        let published = messages([site("cabin", state: "unknown", connected: nil)])
        #expect(published["netsnap/wall/site/cabin/connectivity"] == "None")
        #expect(published["netsnap/wall/site/cabin/state"] == "unknown")
    }

    @Test func siteEntitiesNeverTakeTheWallsOwnOrATargetsID() {
        let objectID = HomeAssistantDiscovery.siteObjectID("status")
        #expect(objectID == "site_status")
        #expect(!objectID.hasPrefix("target_") && objectID != "status")
    }

    @Test func withoutDiscoveryOnlyStatesAndAttributes() {
        var settings = discovery.settings
        settings.discovery = false
        let published = messages([site("cabin", state: "online", connected: true)], discovery: HomeAssistantDiscovery(settings: settings))
        #expect(
            published.keys.sorted() == [
                "netsnap/wall/site/cabin/attributes", "netsnap/wall/site/cabin/connectivity", "netsnap/wall/site/cabin/state",
            ])
    }

    @Test func forgettingASiteClearsItsConfigsAndTopics() {
        #expect(
            discovery.siteFilters("cabin") == [
                "homeassistant/binary_sensor/wall/site_cabin/config", "homeassistant/sensor/wall/site_cabin_state/config",
                "netsnap/wall/site/cabin/#",
            ])
    }
}
