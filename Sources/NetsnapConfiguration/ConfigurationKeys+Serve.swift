import NetsnapSettings

extension ConfigurationKeys {
    static let serve: [ConfigurationKey] = [
        .init("serve", .section, "How `netsnap serve` listens."),
        .init("serve.host", .string, default: "127.0.0.1", "The address to bind; 127.0.0.1 lets nothing outside this machine connect."),
        .init("serve.port", .integer, default: "8080", "The TCP port (0: any free port)."),
        .init(
            "serve.allowFrom", .list, default: "[]",
            "The only addresses that may connect (IPs or CIDR blocks such as 172.30.32.2 or 10.0.0.0/8); others get a 403. Empty: everyone."
        ),
        .init(
            "serve.token", .string, note: "none: no token", secret: true,
            "When set, every request must carry it (Authorization: Bearer, or TRMNL's Access-Token) except the public paths; 16+ visible ASCII characters."
        ),
        .init(
            "serve.publicPaths", .list, note: "/badge.json and /summary.json when redacted, else none",
            "Paths served without the token."),
        .init(
            "serve.intervalSeconds", .number, note: "`watch.intervalSeconds`", unit: "seconds",
            "How often the outputs are refreshed: the health check's yardstick."),
        .init("serve.connectionLimit", .integer, default: "256", "Open connections at most; the idlest gives way to a new one."),
        .init("serve.connectionsPerAddress", .integer, default: "32", "Open connections from one IP address at most."),
        .init("serve.headerTimeoutSeconds", .number, default: "3", unit: "seconds", "A request's head must arrive within this."),
        .init(
            "serve.requestTimeoutSeconds", .number, default: "10", unit: "seconds", "An idle or stalled connection is closed after this."),
        .init(
            "serve.trmnlDevices", .list, default: "[]",
            "TRMNL devices (MAC addresses) /api/setup pairs with; empty pairs any without a token."),
        .init("serve.trmnl", .section, "TRMNL displays' refresh and sleep hours."),
        .init("serve.trmnl.refreshSeconds", .integer, default: "900", unit: "seconds", "Time between a display's refreshes."),
        .init("serve.trmnl.sleepFrom", .string, note: "none", unit: "HH:MM", "Start of the displays' sleep hours; goes with sleepUntil."),
        .init("serve.trmnl.sleepUntil", .string, note: "none", unit: "HH:MM", "End of the displays' sleep hours."),
        .init(
            "serve.trmnl.alertRefreshSeconds", .integer, default: "120", unit: "seconds",
            "A display's refresh while anything is down, degraded or stale, or just changed."),
        .init(
            "serve.trmnl.lowBatteryPercent", .integer, default: "20", unit: "%",
            "Below this a display is low on battery: an event, and twice its refresh."),
        .init(
            "serve.trmnl.screens", .list, default: "[overview]",
            "The screens every display shows in turn, one a wake: overview, targets, devices, qr."),
        .init(
            "serve.trmnl.panels", .items, default: "[]",
            "Each display by device (MAC address or friendly id): rotate (0, 90, 180, 270), invert, colors (bwr, bwry, spectra6), screens."),
        .init("serve.tronbyt", .section, "What Tronbyt LED matrices are told beside the picture."),
        .init("serve.tronbyt.brightness", .integer, default: "100", unit: "%", "Tronbyt-Brightness by day (0 to 100)."),
        .init(
            "serve.tronbyt.nightBrightness", .integer, default: "10", unit: "%",
            "Tronbyt-Brightness inside the night hours (nightFrom to nightUntil)."),
        .init(
            "serve.tronbyt.dwellSeconds", .integer, note: "`serve.trmnl.refreshSeconds`", unit: "seconds",
            "Tronbyt-Dwell-Secs while all is calm; alerts shorten it to serve.trmnl.alertRefreshSeconds."),
        .init(
            "serve.tronbyt.devices", .items, default: "[]",
            "Each Tronbyt by device (its name in /tronbyt/<device>/next): brightness, nightBrightness, dwellSeconds."),
        .init("serve.advertise", .bool, default: "false", "Announce the dashboard on the LAN (DNS-SD _http._tcp) through avahi-daemon."),
        .init("serve.advertiseName", .string, note: "\"netsnap on \" and the host name", "The name it is announced under (1 to 63 bytes)."),
    ]

    static let mqtt: [ConfigurationKey] = [
        .init("mqtt", .section, note: "not set: no MQTT", "The MQTT broker state and Home Assistant discovery go to."),
        .init("mqtt.host", .string, note: "required", "The broker's host name or address."),
        .init("mqtt.port", .integer, note: "1883, or 8883 with TLS", "The broker's port."),
        .init("mqtt.username", .string, note: "none", "The user name."),
        .init("mqtt.password", .string, note: "none", secret: true, "The password (needs a username)."),
        .init("mqtt.tls", .section, note: "not set: no TLS", "TLS to the broker."),
        .init("mqtt.tls.ca", .string, note: "required", "The CA certificate file that signed the broker's."),
        .init("mqtt.topicPrefix", .string, default: "netsnap", "The first level of every state topic."),
        .init("mqtt.discoveryPrefix", .string, default: "homeassistant", "Home Assistant's discovery prefix."),
        .init("mqtt.discovery", .bool, default: "true", "False publishes state only, without discovery configs."),
        .init("mqtt.nodeId", .string, note: "the host name, as a slug", "Names this netsnap in topics and Home Assistant ids."),
        .init("mqtt.deviceName", .string, note: "netsnap, then the node id when it differs", "The Home Assistant device's name."),
        .init("mqtt.keepAliveSeconds", .integer, default: "30", unit: "seconds", "Time between keep-alive pings."),
        .init(
            "mqtt.publishSnapshot", .bool, default: "false",
            "Publish each changed snapshot, retained, QoS 1, to <topicPrefix>/<nodeId>/snapshot (for a sites wall)."),
        .init("mqtt.redactSnapshot", .bool, default: "true", "Redact the published snapshot (always, with `redact: true`)."),
    ]

    static let site: [ConfigurationKey] = [
        .init("site", .section, note: "not set: the walls name this site after its node id", "This netsnap as a site of a wall."),
        .init(
            "site.name", .string, note: "mqtt.nodeId",
            "The site's name on every wall (its list, events, feeds, tiles and Home Assistant), published with its snapshot."),
    ]

    static let sites: [ConfigurationKey] = [
        .init("sites", .section, note: "not set: the mqtt: section's broker", "Where `watch --sites` reads its sites' snapshots."),
        .init("sites.host", .string, note: "mqtt.host", "The broker's host name or address."),
        .init("sites.port", .integer, note: "mqtt.port", "The broker's port."),
        .init("sites.username", .string, note: "mqtt.username", "The user name."),
        .init("sites.password", .string, note: "mqtt.password", secret: true, "The password (needs a username)."),
        .init("sites.tls", .section, note: "mqtt.tls", "TLS to the broker."),
        .init("sites.tls.ca", .string, note: "required", "The CA certificate file that signed the broker's."),
        .init("sites.topicPrefix", .string, note: "mqtt.topicPrefix, else netsnap", "The sites' topic prefix."),
        .init(
            "sites.freshnessSeconds", .number, default: "180", unit: "seconds",
            "A site that is not connected and sent no snapshot for this long is lost."),
        .init(
            "sites.lostAfterSeconds", .number, default: "120", unit: "seconds",
            "A site whose last will came (or that said offline) is lost when it is not back this long after, counted while"
                + " the wall's own broker connection holds: a broker restart or a site's reconnect is no loss."),
        .init(
            "sites.maximumSnapshotBytes", .integer, default: "4194304", unit: "bytes",
            "Larger snapshots are refused, with a log line, and their site shown invalid."),
        .init(
            "sites.forwardEvents", .bool, default: "false",
            "Repeat each site's own target events (down, recovered) on the wall's, prefixed with the site's name."),
    ]

    static let notify: [ConfigurationKey] = [
        .init("notify", .section, note: "not set: no notifications", "Where notifications go and their rules."),
        .init(
            "notify.ntfy", .items, default: "[]",
            "ntfy topics: url (server and topic), and optionally token and kinds (event kinds to send)."),
        .init(
            "notify.webhooks", .items, default: "[]",
            "Webhooks: url, and optionally secret (signs each body, X-Netsnap-Signature) and kinds."),
        .init(
            "notify.cooldownSeconds", .number, default: "300", unit: "seconds",
            "Per sink and subject, changes within this time after the first are held and sent as one."),
        .init("notify.quietHours", .section, note: "not set: none", "Hours when notifications wait, going out when they end."),
        .init("notify.quietHours.from", .string, note: "required", unit: "HH:MM", "Start of the quiet hours."),
        .init("notify.quietHours.to", .string, note: "required", unit: "HH:MM", "End of the quiet hours."),
        .init("notify.quietHours.timeZone", .string, note: "the host's time zone", "The quiet hours' time zone."),
        .init("notify.outboxLimit", .integer, default: "1000", "Undelivered notifications kept at most."),
        .init("notify.timeoutSeconds", .number, default: "10", unit: "seconds", "Wait for a delivery."),
        .init("notify.maxRetryDelaySeconds", .number, default: "600", unit: "seconds", "Longest wait between retries."),
    ]
}
