/// The words of events — the feeds' items, notifications, the history's event list — worded
/// once, when an event is detected, in the configured language. `{target}` is a target's name
/// with what the wording may show of it in brackets ("NAS (192.168.1.10, icmp)", "NAS (icmp)").
public enum EventPhrase: String, MessageText {
    // The connection and the gateway.
    case connectionRestored = "Connection restored"
    case networkBack = "The network is back ({connection})."
    case connectionWifi = "connection type\u{04}wifi"
    case connectionEthernet = "connection type\u{04}ethernet"
    case connectionCellular = "connection type\u{04}cellular"
    case connectionNone = "connection type\u{04}none"
    case connectionLost = "Connection lost"
    case gatewayChanged = "Gateway changed"
    case gatewayNow = "The gateway is now {gateway} (was {previous})."
    case differentGateway = "The network has a different gateway."
    case latencyHigh = "Gateway latency high"
    case latencyOverThreshold = "Gateway latency is {latency} ms (threshold {threshold} ms)."
    case latencyNormal = "Gateway latency normal"
    case latencyBack = "Gateway latency is back to {latency} ms."
    // Targets.
    case targetRecovered = "{name} recovered"
    case reachableAgain = "{target} is reachable again."
    case reachableAgainWithLatency = "{target} is reachable again, {latency} ms."
    case targetDown = "{name} is down"
    case targetDegraded = "{name} is degraded"
    case targetHealthy = "{name} is healthy again"
    case qualityProblems = "{target}: {problems}."
    case qualityWithinThresholds = "{target} (loss and jitter within their thresholds)."
    case lossOverThreshold = "{loss} % loss (threshold {threshold} %)"
    case jitterOverThreshold = "{jitter} ms jitter (threshold {threshold} ms)"
    case stillDownAfterMaintenance = "{name} is still down after maintenance"
    case maintenanceEndedStillDown = "Maintenance of {target} ended and it does not answer."
    // Devices.
    case newDevice = "New device: {name}"
    case joinedNetwork = "{name} joined the network."
    case joinedNetworkAt = "{name} joined the network at {address}."
    case deviceGone = "Device gone: {name}"
    case vendorDevice = "A {vendor} device"
    case someDevice = "A device"
    // The line's speed.
    case speedLow = "The line is slow"
    case speedNormal = "The line is up to speed"
    case speedOverThreshold = "{download} Mbps down, {upload} Mbps up: over {threshold} Mbps again."
    // The data source and the history.
    case sourceLost = "Source lost"
    case noNewData = "No new data from {source} for {age}: the last snapshot was taken {date}."
    case sourceBack = "Source back"
    case freshDataAgain = "Fresh data from {source} again, after {age} since the snapshot of {date}."
    case snapshotFile = "data source\u{04}the snapshot file"
    case gatherer = "data source\u{04}the gatherer"
    case sample = "data source\u{04}the sample"
    case messageStream = "data source\u{04}the message stream"
    case netMonitorAt = "data source\u{04}NetMonitor at {address}"
    case historyReplaced = "History database replaced"
    case historyMovedAside = "The history database was corrupt ({reason}); it was moved to {path} and history starts afresh."
    case historyStartsAfresh = "The history database was corrupt; history starts afresh."
    // What an incident is about, where it has no name of its own.
    case incidentConnection = "incident\u{04}Connection"
    case incidentDataSource = "incident\u{04}Data source"
    // The wall of sites.
    case brokerUnreachable = "Sites broker unreachable for {age}"
    case brokerOutage = "The wall could not reach its sites' broker for {age}; its sites were unknown meanwhile, not lost."
    case siteRemoved = "Site removed: {name}"
    case siteLeftWall = "Site {name} ({id}) left the wall."
    case siteInvalid = "Site invalid: {name}"
    case siteLost = "Site lost: {name}"
    case siteBack = "Site back: {name}"
    case siteDegraded = "Site degraded: {name}"
    case siteOffline = "Site offline: {name}"
    case siteRecovered = "Site recovered: {name}"
    case siteBecause = "Site {name} ({id}): {reason}."
    case siteInState = "Site {name} ({id}) ({state})."
    case siteEventTitle = "{site}: {title}"
    case siteEventText = "Site {site}: {text}"
    // Wall displays.
    case display = "Display {id}"
    case displayBatteryLow = "{name} battery low"
    case displayCharge = "{name} reports {volts}, about {percent} %: charge it soon."
    case displaySilent = "{name} silent"
    case displayNotAsking = "{name} has not asked for a picture for {age}, since {date}."
    case displayNotAskingBattery = "{name} has not asked for a picture for {age}, since {date} (battery {percent} %)."
    case displayBack = "{name} back"
    case displayAsksAgain = "{name} asks for pictures again."
    case displayAsksAgainBattery = "{name} asks for pictures again (battery {percent} %)."
    // Notifications only: a subject that changed often within its cooldown.
    case flapping = "{name} is flapping"
    case subjectTarget = "notification subject\u{04}Target"
    case subjectDevice = "notification subject\u{04}Device"
    case subjectGateway = "notification subject\u{04}Gateway"
    case subjectConnection = "notification subject\u{04}Connection"
    case subjectSource = "notification subject\u{04}Source"
    case subjectDisplay = "notification subject\u{04}Display"
    case subjectSite = "notification subject\u{04}Site"
}

/// Event words that change with a count of checks or changes.
public enum EventCountPhrase: String, CountedMessageText {
    case noUsableNetwork = "The host has no usable network ({count} check in a row)."
    case noGateway = "The host has no gateway ({count} check in a row)."
    case failedChecks = "{target} failed {count} check in a row."
    case failedChecksBecause = "{target} failed {count} check in a row: {reason}."
    case notSeen = "{name} has not been seen for {count} check."
    case flappingChanges = "{count} change in {minutes} min; now: {title}."
    case speedUnderThreshold = "{count} speed test in a row under {threshold} Mbps; the last: {download} Mbps down, {upload} Mbps up."

    public var plural: String {
        switch self {
        case .noUsableNetwork: "The host has no usable network ({count} checks in a row)."
        case .noGateway: "The host has no gateway ({count} checks in a row)."
        case .failedChecks: "{target} failed {count} checks in a row."
        case .failedChecksBecause: "{target} failed {count} checks in a row: {reason}."
        case .notSeen: "{name} has not been seen for {count} checks."
        case .flappingChanges: "{count} changes in {minutes} min; now: {title}."
        case .speedUnderThreshold: "{count} speed tests in a row under {threshold} Mbps; the last: {download} Mbps down, {upload} Mbps up."
        }
    }
}
