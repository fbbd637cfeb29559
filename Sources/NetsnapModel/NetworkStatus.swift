import Foundation

/// The host's connection: link, gateway and internet side (NetMonitor's `NetworkStatus`).
public struct NetworkStatus: Sendable, Equatable {
    /// How the host is connected; `none` means no usable network.
    public enum ConnectionType: String, Sendable, CaseIterable, Codable {
        case wifi, ethernet, cellular, none
    }

    public var connectionType: ConnectionType
    public var ssid: String?
    /// Link quality, 0–100 %.
    public var signalStrength: Int?
    /// Received signal strength, −120…0 dBm.
    public var signalDBm: Int?
    public var channel: Int?
    /// Band as the gatherer wrote it, e.g. "5 GHz".
    public var frequency: String?
    public var bssid: MACAddress?
    public var securityType: String?
    public var gatewayIP: IPAddress?
    public var gatewayMAC: MACAddress?
    public var gatewayVendor: String?
    /// Milliseconds; nil means not measured (never zero by default).
    public var gatewayLatency: Double?
    public var publicIP: IPAddress?
    public var ispName: String?
    public var asn: String?
    public var location: Location?
    /// The host's interface the default route leaves through, e.g. "eth0" or "wlan0".
    public var interfaceName: String?
    /// The negotiated link speed in Mb/s (wired links; 1000 is gigabit Ethernet).
    public var linkSpeedMbps: Int?
    /// The host's own address on that interface.
    public var localIP: IPAddress?
    /// When this part was measured.
    public var updatedAt: Date
    /// True when redaction left out a gateway that was there: the link still has one.
    public var gatewayRedacted = false

    /// Connected means a usable link with a gateway (known by its IP or its MAC, or hidden by redaction).
    public var isConnected: Bool { connectionType != .none && (gatewayIP != nil || gatewayMAC != nil || gatewayRedacted) }

    public init(
        connectionType: ConnectionType, ssid: String? = nil, signalStrength: Int? = nil, signalDBm: Int? = nil,
        channel: Int? = nil, frequency: String? = nil, bssid: MACAddress? = nil, securityType: String? = nil,
        gatewayIP: IPAddress? = nil, gatewayMAC: MACAddress? = nil, gatewayVendor: String? = nil,
        gatewayLatency: Double? = nil, publicIP: IPAddress? = nil, ispName: String? = nil, asn: String? = nil,
        location: Location? = nil, interfaceName: String? = nil, linkSpeedMbps: Int? = nil, localIP: IPAddress? = nil,
        updatedAt: Date
    ) {
        self.connectionType = connectionType
        self.ssid = ssid
        self.signalStrength = signalStrength
        self.signalDBm = signalDBm
        self.channel = channel
        self.frequency = frequency
        self.bssid = bssid
        self.securityType = securityType
        self.gatewayIP = gatewayIP
        self.gatewayMAC = gatewayMAC
        self.gatewayVendor = gatewayVendor
        self.gatewayLatency = gatewayLatency
        self.publicIP = publicIP
        self.ispName = ispName
        self.asn = asn
        self.location = location
        self.interfaceName = interfaceName
        self.linkSpeedMbps = linkSpeedMbps
        self.localIP = localIP
        self.updatedAt = updatedAt
    }
}

/// Where the public IP is, as the ISP lookup reported it.
public struct Location: Sendable, Equatable {
    public var city: String?
    public var country: String?

    public init(city: String? = nil, country: String? = nil) {
        self.city = city
        self.country = country
    }
}
