import Foundation

/// Home Assistant's MQTT discovery schema for the two platforms netsnap uses, as its source
/// states it (home-assistant/core, homeassistant/components/mqtt: schemas.py's
/// MQTT_ENTITY_COMMON_SCHEMA, MQTT_AVAILABILITY_SCHEMA and MQTT_ENTITY_DEVICE_INFO_SCHEMA;
/// config.py's MQTT_RO_SCHEMA; sensor.py's _PLATFORM_SCHEMA_BASE and
/// validate_sensor_state_and_device_class_config; binary_sensor.py's schema; discovery.py's
/// topic pattern). A payload is checked key by key: every key known, every value of its type.
/// The keys are those of every supported release: `default_entity_id` came in 2025.10 and
/// 2024.3 ignores it (measured: the ids still come from object_id there).
enum HomeAssistantSchema {
    /// MQTT_BASE_SCHEMA + MQTT_RO_SCHEMA + MQTT_AVAILABILITY_SCHEMA + MQTT_ENTITY_COMMON_SCHEMA.
    static let commonKeys: Set<String> = [
        "qos", "encoding", "state_topic", "value_template",
        "availability_topic", "availability_template", "payload_available", "payload_not_available", "availability_mode", "availability",
        "device", "origin", "enabled_by_default", "entity_category", "icon", "json_attributes_topic", "json_attributes_template",
        "object_id", "default_entity_id", "unique_id", "name",
    ]
    static let sensorKeys: Set<String> = [
        "device_class", "expire_after", "force_update", "last_reset_value_template", "options", "suggested_display_precision",
        "state_class", "unit_of_measurement",
    ]
    static let binarySensorKeys: Set<String> = ["device_class", "expire_after", "force_update", "off_delay", "payload_off", "payload_on"]
    static let deviceKeys: Set<String> = [
        "identifiers", "connections", "manufacturer", "model", "model_id", "name", "hw_version", "serial_number", "sw_version",
        "via_device", "suggested_area", "configuration_url",
    ]
    static let originKeys: Set<String> = ["name", "sw_version", "support_url"]
    static let availabilityItemKeys: Set<String> = ["topic", "payload_available", "payload_not_available", "value_template"]
    static let availabilityModes: Set<String> = ["all", "any", "latest"]
    static let entityCategories: Set<String> = ["config", "diagnostic"]
    static let stateClasses: Set<String> = ["measurement", "measurement_angle", "total", "total_increasing"]
    /// SensorDeviceClass.DURATION's units (UnitOfTime: d, h, min, s, ms, µs).
    static let durationUnits: Set<String> = ["d", "h", "min", "s", "ms", "µs"]
    static let sensorDeviceClassesUsed: Set<String> = ["duration", "enum", "battery", "signal_strength", "timestamp", "data_rate"]
    /// sensor/const.py's DEVICE_CLASS_UNITS for the other classes used: battery in %, signal
    /// strength in dB or dBm, a data rate in UnitOfDataRate's units; a timestamp has no unit and (DEVICE_CLASS_STATE_CLASSES) no state class.
    static let unitsByDeviceClass: [String: Set<String>] = [
        "battery": ["%"], "signal_strength": ["dB", "dBm"],
        "data_rate": ["bit/s", "kbit/s", "Mbit/s", "Gbit/s", "B/s", "kB/s", "MB/s", "GB/s", "KiB/s", "MiB/s", "GiB/s"],
    ]
    static let binarySensorDeviceClasses: Set<String> = [
        "battery", "battery_charging", "carbon_monoxide", "cold", "connectivity", "door", "garage_door", "gas", "heat", "light", "lock",
        "moisture", "motion", "moving", "occupancy", "opening", "plug", "power", "presence", "problem", "running", "safety", "smoke",
        "sound", "tamper", "update", "vibration", "window",
    ]

    /// Every way `payload` (a discovery config for `component`) breaks the schema; empty when it holds.
    static func violations(of payload: [String: Any], component: String) -> [String] {
        var problems: [String] = []
        let platformKeys = component == "sensor" ? sensorKeys : binarySensorKeys
        for key in payload.keys where !commonKeys.contains(key) && !platformKeys.contains(key) {
            problems.append("unknown key \(key)")
        }
        func string(_ key: String) -> String? { payload[key] as? String }
        for key in [
            "name", "unique_id", "state_topic", "icon", "availability_mode", "entity_category", "device_class", "state_class",
            "unit_of_measurement", "payload_on", "payload_off",
        ] where payload[key] != nil && string(key) == nil {
            problems.append("\(key) is not a string")
        }
        guard let stateTopic = string("state_topic"), isPublishTopic(stateTopic) else {
            return problems + ["state_topic missing or not a topic"]
        }
        if string("unique_id")?.isEmpty ?? true { problems.append("no unique_id") }
        if let mode = string("availability_mode"), !availabilityModes.contains(mode) { problems.append("availability_mode \(mode)") }
        if payload["availability"] != nil && payload["availability_topic"] != nil {
            problems.append("availability and availability_topic are exclusive")
        }
        if let list = payload["availability"] {
            guard let items = list as? [[String: Any]], !items.isEmpty else { return problems + ["availability is not a list of mappings"] }
            for item in items {
                for key in item.keys where !availabilityItemKeys.contains(key) { problems.append("availability: unknown key \(key)") }
                guard let topic = item["topic"] as? String, isPublishTopic(topic) else {
                    problems.append("availability item without a topic")
                    continue
                }
                for key in ["payload_available", "payload_not_available"] where item[key] != nil && !(item[key] is String) {
                    problems.append("availability: \(key) is not a string")
                }
            }
        } else {
            problems.append("no availability")
        }
        if let category = string("entity_category"), !entityCategories.contains(category) { problems.append("entity_category \(category)") }
        if let device = payload["device"] as? [String: Any] {
            for key in device.keys where !deviceKeys.contains(key) { problems.append("device: unknown key \(key)") }
            let identifiers = device["identifiers"] as? [String] ?? []
            if identifiers.isEmpty && device["connections"] == nil { problems.append("device without identifiers or connections") }
            for key in ["manufacturer", "model", "name", "sw_version"] where device[key] != nil && !(device[key] is String) {
                problems.append("device: \(key) is not a string")
            }
        } else {
            problems.append("no device")
        }
        if let origin = payload["origin"] {
            guard let origin = origin as? [String: Any], origin["name"] is String else { return problems + ["origin without a name"] }
            for key in origin.keys where !originKeys.contains(key) { problems.append("origin: unknown key \(key)") }
        }
        if component == "sensor" {
            problems += sensorViolations(payload)
        } else if let deviceClass = string("device_class"), !binarySensorDeviceClasses.contains(deviceClass) {
            problems.append("binary_sensor device_class \(deviceClass)")
        }
        return problems
    }

    private static func sensorViolations(_ payload: [String: Any]) -> [String] {
        var problems: [String] = []
        let deviceClass = payload["device_class"] as? String
        if let deviceClass, !sensorDeviceClassesUsed.contains(deviceClass) { problems.append("sensor device_class \(deviceClass)") }
        if let stateClass = payload["state_class"] as? String, !stateClasses.contains(stateClass) {
            problems.append("state_class \(stateClass)")
        }
        if let precision = payload["suggested_display_precision"] {
            if !((precision as? Int).map { $0 >= 0 } ?? false) { problems.append("suggested_display_precision is not a positive int") }
        }
        if let options = payload["options"] {
            // validate_sensor_state_and_device_class_config
            if (options as? [String])?.isEmpty ?? true { problems.append("options must be a non-empty list") }
            if payload["state_class"] != nil || payload["unit_of_measurement"] != nil {
                problems.append("options are not allowed with state_class or unit_of_measurement")
            }
            if deviceClass != "enum" { problems.append("options need device_class enum") }
        }
        if deviceClass == "duration", !durationUnits.contains(payload["unit_of_measurement"] as? String ?? "") {
            problems.append("duration needs a unit of time")
        }
        if let deviceClass, let units = unitsByDeviceClass[deviceClass], !units.contains(payload["unit_of_measurement"] as? String ?? "") {
            problems.append("\(deviceClass) needs one of the units \(units.sorted())")
        }
        if deviceClass == "timestamp", payload["unit_of_measurement"] != nil || payload["state_class"] != nil {
            problems.append("a timestamp has neither unit nor state class")
        }
        return problems
    }

    /// discovery.py: `<prefix>/<component>/[<node_id>/]<object_id>/config`, ids of [a-zA-Z0-9_-].
    static func isDiscoveryTopic(_ topic: String, prefix: String) -> (component: String, nodeID: String, objectID: String)? {
        guard topic.hasPrefix(prefix + "/") else { return nil }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard levels.count == 4, levels[3] == "config", ["sensor", "binary_sensor"].contains(levels[0]),
            isID(levels[1]), isID(levels[2])
        else { return nil }
        return (levels[0], levels[1], levels[2])
    }

    static func isID(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
    }

    /// util.py's valid_publish_topic: non-empty, no wildcards, no NUL, at most 65535 bytes.
    static func isPublishTopic(_ topic: String) -> Bool {
        !topic.isEmpty && !topic.contains("+") && !topic.contains("#") && !topic.contains("\0") && topic.utf8.count <= 65_535
    }
}
