import NetsnapJSON
import NetsnapModel

/// One Home Assistant entity netsnap publishes: its discovery config (without the parts
/// every entity shares) and its current state.
struct HomeAssistantEntity: Sendable, Equatable {
    /// The entity platforms netsnap uses.
    enum Component: String, Sendable {
        case sensor
        case binarySensor = "binary_sensor"
    }

    var component: Component
    /// Unique within this netsnap; part of the discovery topic and the unique id.
    var objectID: String
    var name: String
    /// The state topic below `<topicPrefix>/<nodeID>/`.
    var statePath: String
    /// The payload of the state topic: a number, a word, `ON`/`OFF`, or `None`/`unknown` for unknown.
    var state: String
    /// Type-specific discovery keys (device_class, unit_of_measurement, …), in order.
    var fields: [(key: String, value: JSONValue)]
    /// True: unavailable while the data is stale, not only while netsnap is offline.
    var followsFreshness: Bool = true
    /// The entity id's own part when it is not `objectID` (a target's: its name's slug, not its id).
    var entityKey: String? = nil

    static func == (lhs: HomeAssistantEntity, rhs: HomeAssistantEntity) -> Bool {
        lhs.component == rhs.component && lhs.objectID == rhs.objectID && lhs.name == rhs.name && lhs.statePath == rhs.statePath
            && lhs.state == rhs.state && JSONValue.object(lhs.fields) == JSONValue.object(rhs.fields)
            && lhs.followsFreshness == rhs.followsFreshness && lhs.entityKey == rhs.entityKey
    }
}
