import NetsnapSettings

/// A JSON endpoint that reports the public IP (and ISP, ASN, location), with the
/// field names it uses. Queried only when configured.
public struct PublicIPConfiguration: Sendable, Equatable {
    /// An `http://` or `https://` URL answering with a JSON object.
    public var url: String
    public var timeout: Double
    public var fields: FieldMapping

    /// Which member of the answer holds what; dotted paths reach into nested objects
    /// (`connection.asn`). A missing member leaves its field out.
    public struct FieldMapping: Sendable, Equatable {
        public var ip: String
        public var isp: String
        public var asn: String
        public var city: String
        public var country: String

        public init(ip: String = "ip", isp: String = "isp", asn: String = "asn", city: String = "city", country: String = "country") {
            self.ip = ip
            self.isp = isp
            self.asn = asn
            self.city = city
            self.country = country
        }

        /// The `gather.publicIP.fields:` section, read strictly.
        public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
            try reader.checkDocumentedKeys()
            let defaults = FieldMapping()
            ip = try reader.string("ip") ?? defaults.ip
            isp = try reader.string("isp") ?? defaults.isp
            asn = try reader.string("asn") ?? defaults.asn
            city = try reader.string("city") ?? defaults.city
            country = try reader.string("country") ?? defaults.country
        }
    }

    public init(url: String, timeout: Double = 3, fields: FieldMapping = FieldMapping()) {
        self.url = url
        self.timeout = timeout
        self.fields = fields
    }

    /// The `gather.publicIP:` section, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        guard let url = try reader.string("url") else { throw reader.error("url", "required: the lookup service's URL") }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw reader.error("url", "expected an http:// or https:// URL, found \"\(url)\"")
        }
        self.url = url
        timeout = try reader.number("timeout", in: 0.001...3_600) ?? 3
        fields = try reader.section("fields", FieldMapping.init(reading:)) ?? FieldMapping()
    }
}
