import NetsnapModel

/// Guesses a device type from its host name and vendor with a small rule table. Host-name
/// rules come first (a name like "annas-iphone" is specific); vendor rules only name makers
/// whose devices on a home network are nearly all of one kind, so Apple, Samsung, Google or
/// Amazon alone decide nothing. The first matching substring (lowercased) wins; no match is
/// `unknown`. The gateway is always a router. A config override beats all of this.
public enum DeviceTypeGuesser {
    /// Substrings of the lowercased host name, in order.
    public static let hostnameRules: [(pattern: String, type: LocalDevice.DeviceType)] = [
        ("iphone", .phone), ("android", .phone), ("pixel", .phone), ("galaxy", .phone), ("phone", .phone),
        ("ipad", .tablet), ("tablet", .tablet), ("kindle", .tablet),
        ("macbook", .laptop), ("laptop", .laptop), ("thinkpad", .laptop), ("notebook", .laptop),
        ("appletv", .tv), ("apple-tv", .tv), ("chromecast", .tv), ("roku", .tv), ("firetv", .tv), ("smarttv", .tv),
        ("bravia", .tv), ("-tv", .tv), ("tv-", .tv),
        ("homepod", .speaker), ("sonos", .speaker), ("echo", .speaker), ("speaker", .speaker),
        ("xbox", .gaming), ("playstation", .gaming), ("ps4", .gaming), ("ps5", .gaming), ("nintendo", .gaming),
        ("switch", .gaming), ("steamdeck", .gaming),
        ("printer", .printer), ("laserjet", .printer), ("officejet", .printer), ("epson", .printer),
        ("router", .router), ("gateway", .router), ("fritz", .router), ("openwrt", .router),
        ("esp32", .iot), ("esp8266", .iot), ("shelly", .iot), ("tasmota", .iot), ("raspberrypi", .iot), ("hue", .iot),
    ]

    /// Substrings of the lowercased vendor name, in order.
    public static let vendorRules: [(pattern: String, type: LocalDevice.DeviceType)] = [
        ("sonos", .speaker), ("bose", .speaker),
        ("roku", .tv), ("tcl", .tv), ("vizio", .tv),
        ("nintendo", .gaming), ("sony interactive", .gaming), ("valve", .gaming),
        ("brother", .printer), ("seiko epson", .printer), ("canon", .printer), ("xerox", .printer), ("lexmark", .printer),
        ("espressif", .iot), ("raspberry pi", .iot), ("tuya", .iot), ("shelly", .iot), ("allterco", .iot),
        ("signify", .iot), ("philips lighting", .iot), ("nest labs", .iot), ("ecobee", .iot),
        ("tp-link", .router), ("netgear", .router), ("ubiquiti", .router), ("avm", .router), ("mikrotik", .router),
        ("routerboard", .router), ("zyxel", .router), ("juniper", .router), ("cisco", .router),
    ]

    /// The guessed type for a device.
    public static func guess(hostname: String?, vendor: String?, isGateway: Bool = false) -> LocalDevice.DeviceType {
        if isGateway { return .router }
        if let hostname = hostname?.lowercased(),
            let rule = hostnameRules.first(where: { hostname.contains($0.pattern) })
        {
            return rule.type
        }
        if let vendor = vendor?.lowercased(), let rule = vendorRules.first(where: { vendor.contains($0.pattern) }) {
            return rule.type
        }
        return .unknown
    }
}
