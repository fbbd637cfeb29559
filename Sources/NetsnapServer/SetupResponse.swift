/// The body of `GET /api/setup` in the shape TRMNL firmware parses: `status` 200 with the
/// `api_key` the device then sends as `Access-Token`, its `friendly_id`, and the image to
/// show first; 404 (and null keys) for a device this server does not pair with.
struct SetupResponse: Encodable, Equatable {
    let status: Int
    let apiKey: String?
    let friendlyID: String?
    let imageURL: String?
    let message: String

    enum CodingKeys: String, CodingKey {
        case status
        case apiKey = "api_key"
        case friendlyID = "friendly_id"
        case imageURL = "image_url"
        case message
    }

    // Written by hand so absent values are explicit nulls, as the firmware's examples show.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(apiKey, forKey: .apiKey)
        try container.encode(friendlyID, forKey: .friendlyID)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(message, forKey: .message)
    }
}
