import NetsnapLanguage
import NetsnapModel

extension NetworkEvent {
    /// What an event is about, for notifications: a target, a device, the gateway, the
    /// connection, the data source or a wall display.
    enum SubjectKind: String, Sendable, Codable {
        case target, device, gateway, connection, source, display, site

        /// The subject's word, for a notification about it that has no name of its own.
        var phrase: EventPhrase {
            switch self {
            case .target: .subjectTarget
            case .device: .subjectDevice
            case .gateway: .subjectGateway
            case .connection: .subjectConnection
            case .source: .subjectSource
            case .display: .subjectDisplay
            case .site: .subjectSite
            }
        }
    }

    /// How a kind of event reads as a notification: what it is about, which kinds flap
    /// against each other (they share a cooldown), and its ntfy priority (1–5) and tags
    /// (ntfy shows known tags as emoji).
    struct NotificationStyle: Sendable {
        var subject: SubjectKind
        /// Kinds of one family alternate (down, recovered): one cooldown covers them all.
        var family: String
        var priority: Int
        var tags: [String]
    }

    /// Exhaustive on purpose: a new kind must say how it notifies.
    var notificationStyle: NotificationStyle {
        switch kind {
        case .targetDown: return .init(subject: .target, family: "reachability", priority: 4, tags: ["red_circle", "target"])
        case .targetRecovered: return .init(subject: .target, family: "reachability", priority: 3, tags: ["green_circle", "target"])
        case .targetDegraded: return .init(subject: .target, family: "quality", priority: 3, tags: ["turtle", "target"])
        case .targetHealthy: return .init(subject: .target, family: "quality", priority: 2, tags: ["zap", "target"])
        case .latencyHigh: return .init(subject: .gateway, family: "latency", priority: 3, tags: ["turtle", "latency"])
        case .latencyNormal: return .init(subject: .gateway, family: "latency", priority: 2, tags: ["zap", "latency"])
        case .newDevice: return .init(subject: .device, family: "presence", priority: 3, tags: ["new", "device"])
        case .deviceGone: return .init(subject: .device, family: "presence", priority: 2, tags: ["wave", "device"])
        case .gatewayChanged: return .init(subject: .gateway, family: "gateway", priority: 4, tags: ["warning", "gateway"])
        case .connectionLost: return .init(subject: .connection, family: "connection", priority: 5, tags: ["rotating_light", "connection"])
        case .connectionRestored:
            return .init(subject: .connection, family: "connection", priority: 3, tags: ["white_check_mark", "connection"])
        case .sourceLost: return .init(subject: .source, family: "source", priority: 4, tags: ["hourglass", "source"])
        case .sourceBack: return .init(subject: .source, family: "source", priority: 3, tags: ["white_check_mark", "source"])
        case .historyReset: return .init(subject: .source, family: "history", priority: 4, tags: ["floppy_disk", "history"])
        case .displayBatteryLow: return .init(subject: .display, family: "displayBattery", priority: 3, tags: ["battery", "display"])
        case .displaySilent: return .init(subject: .display, family: "displayPresence", priority: 3, tags: ["zzz", "display"])
        case .displayBack: return .init(subject: .display, family: "displayPresence", priority: 2, tags: ["white_check_mark", "display"])
        case .siteLost: return .init(subject: .site, family: "site", priority: 4, tags: ["red_circle", "site"])
        case .siteBack: return .init(subject: .site, family: "site", priority: 3, tags: ["green_circle", "site"])
        case .siteInvalid: return .init(subject: .site, family: "site", priority: 4, tags: ["warning", "site"])
        case .siteDegraded: return .init(subject: .site, family: "site", priority: 3, tags: ["yellow_circle", "site"])
        case .siteOffline: return .init(subject: .site, family: "site", priority: 4, tags: ["red_circle", "site"])
        case .siteRecovered: return .init(subject: .site, family: "site", priority: 3, tags: ["green_circle", "site"])
        case .siteRemoved: return .init(subject: .site, family: "site", priority: 2, tags: ["wastebasket", "site"])
        case .sitesBrokerOutage: return .init(subject: .connection, family: "sitesBroker", priority: 3, tags: ["satellite", "site"])
        case .speedLow: return .init(subject: .connection, family: "speed", priority: 3, tags: ["snail", "speed"])
        case .speedNormal: return .init(subject: .connection, family: "speed", priority: 2, tags: ["rocket", "speed"])
        }
    }

    /// The subject part of the id (`kind:subject:time`): a target or device id, "gateway", "connection".
    var subjectKey: String {
        var rest = id.dropFirst(kind.rawValue.count + 1)
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest)
    }
}
