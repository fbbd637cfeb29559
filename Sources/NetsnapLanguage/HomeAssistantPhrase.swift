/// The names Home Assistant shows for netsnap's entities (after the device's name: "netsnap
/// Gateway latency") and its device's model. Names only: entity ids, unique ids and states
/// stay the same in every language, so automations keep working when the language changes.
public enum HomeAssistantPhrase: String, MessageText {
    case model = "Home Assistant\u{04}Network status"
    case status = "Home Assistant\u{04}Status"
    case gatewayLatency = "Home Assistant\u{04}Gateway latency"
    case devicesActive = "Home Assistant\u{04}Devices active"
    case devicesTotal = "Home Assistant\u{04}Devices total"
    case publicIP = "Home Assistant\u{04}Public IP"
    case isp = "Home Assistant\u{04}ISP"
    case dataAge = "Home Assistant\u{04}Data age"
    case dataStale = "Home Assistant\u{04}Data stale"
    case maintenance = "Home Assistant\u{04}Maintenance"
    case maintenanceCovers = "Home Assistant\u{04}Maintenance covers"
    case maintenanceNote = "Home Assistant\u{04}Maintenance note"
    case target = "Home Assistant\u{04}Target {name}"
    case targetLatency = "Home Assistant\u{04}Target {name} latency"
    case targetPacketLoss = "Home Assistant\u{04}Target {name} packet loss"
    case targetJitter = "Home Assistant\u{04}Target {name} jitter"
    case targetLastError = "Home Assistant\u{04}Target {name} last error"
    case displayBattery = "Home Assistant\u{04}Display {id} battery"
    case displaySignal = "Home Assistant\u{04}Display {id} signal"
    case displayLastSeen = "Home Assistant\u{04}Display {id} last seen"
    case site = "Home Assistant\u{04}Site {name}"
    case siteState = "Home Assistant\u{04}Site {name} state"
}
