/// A JSON endpoint that reports the public IP (and ISP, ASN, location), with the
/// field names it uses. Queried only when configured.
public struct PublicIPConfiguration: Sendable, Equatable, Decodable {
    /// An `http://` or `https://` URL answering with a JSON object.
    public var url: String
    public var timeout: Double
    public var fields: FieldMapping

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case url, timeout, fields
    }

    /// Which member of the answer holds what; dotted paths reach into nested objects
    /// (`connection.asn`). A missing member leaves its field out.
    public struct FieldMapping: Sendable, Equatable, Decodable {
        public var ip: String
        public var isp: String
        public var asn: String
        public var city: String
        public var country: String

        public enum CodingKeys: String, CodingKey, CaseIterable {
            case ip, isp, asn, city, country
        }

        public init(ip: String = "ip", isp: String = "isp", asn: String = "asn", city: String = "city", country: String = "country") {
            self.ip = ip
            self.isp = isp
            self.asn = asn
            self.city = city
            self.country = country
        }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = FieldMapping()
            ip = try container.decodeIfPresent(String.self, forKey: .ip) ?? defaults.ip
            isp = try container.decodeIfPresent(String.self, forKey: .isp) ?? defaults.isp
            asn = try container.decodeIfPresent(String.self, forKey: .asn) ?? defaults.asn
            city = try container.decodeIfPresent(String.self, forKey: .city) ?? defaults.city
            country = try container.decodeIfPresent(String.self, forKey: .country) ?? defaults.country
        }
    }

    public init(url: String, timeout: Double = 3, fields: FieldMapping = FieldMapping()) {
        self.url = url
        self.timeout = timeout
        self.fields = fields
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "expected an http:// or https:// URL")
        }
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout, expecting: "seconds > 0", where: { $0 > 0 }) ?? 3
        fields = try container.decodeIfPresent(FieldMapping.self, forKey: .fields) ?? FieldMapping()
    }
}
