import NetsnapWidgets

/// The `mqtt:` section of the config file: the broker, its credentials and the topic layout.
public struct MQTTSettings: Sendable, Equatable {
    /// The broker's host name or address.
    public var host: String
    /// The broker's port; nil means 1883, or 8883 with TLS.
    public var port: Int?
    public var username: String?
    public var password: String?
    /// A CA certificate file; when set, the connection uses TLS and checks the broker against it.
    public var tlsCAFile: String?
    /// The first level of every state topic (default `netsnap`).
    public var topicPrefix: String = "netsnap"
    /// Home Assistant's discovery prefix (default `homeassistant`).
    public var discoveryPrefix: String = "homeassistant"
    /// False publishes state only, without Home Assistant discovery configs.
    public var discovery: Bool = true
    /// Names this netsnap in topics and Home Assistant ids (default: the host name, as a slug).
    public var nodeID: String
    /// The Home Assistant device's name (default `netsnap`, then the node id when it differs).
    public var deviceName: String?
    /// Seconds between keep-alive pings; the broker declares the connection dead after 1.5 times this.
    public var keepAliveSeconds: Int = 30
    /// What tells this installation apart from another with the same node id (two Pis both
    /// called `raspberrypi`): part of the client id, so the broker never sees one twice.
    public var installationID: String?
    /// Publishes each changed snapshot, retained (QoS 1), to `<topicPrefix>/<nodeID>/snapshot`,
    /// for an aggregating netsnap (default false).
    public var publishSnapshot: Bool = false
    /// The published snapshot is redacted (no public IP, MAC addresses, device IPs or host
    /// names; default true). A config with `redact: true` redacts it whatever this says.
    public var redactSnapshot: Bool = true
    /// The name a person gave this site (`site.name`), published with the snapshot on
    /// `<topicPrefix>/<nodeID>/site` for the walls; nil: the walls show the node id.
    public var siteName: String?
    /// The longest site name; the walls cut longer ones (they are hostile there).
    public static let maximumSiteNameLength = 64

    public init(host: String, nodeID: String) {
        self.host = host
        self.nodeID = nodeID
    }

    /// The MQTT client id: `netsnap-<nodeId>-<installation id>`, unique per installation.
    public var clientID: String { "netsnap-\(nodeID)" + (installationID.map { "-" + $0 } ?? "") }

    /// The port actually used.
    public var effectivePort: Int { port ?? (tlsCAFile == nil ? 1883 : 8883) }

    /// True for a node id Home Assistant accepts in discovery topics: 1 to 64 ASCII letters,
    /// digits, `_` or `-`.
    public static func isNodeID(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= 64
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            }
    }

    /// A node id from a host name: lower-case letters, digits, `_` and `-` (what Home Assistant
    /// allows in discovery topics).
    public static func nodeID(fromHostName name: String) -> String {
        let slug = Slug.make(name.split(separator: ".").first.map(String.init) ?? name)
        return slug.isEmpty ? "netsnap" : slug
    }
}
