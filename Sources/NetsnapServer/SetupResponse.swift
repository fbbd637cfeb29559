/// The body of `GET /api/setup` in the shape TRMNL firmware parses: `status` 200 with the
/// `api_key` the device then sends as `Access-Token`, its `friendly_id`, and the image to
/// show first; 404 (and null keys) for a device this server does not pair with.
struct SetupResponse: Encodable, Equatable {
    let status: Int
    @ExplicitNull var apiKey: String?
    @ExplicitNull var friendlyID: String?
    @ExplicitNull var imageURL: String?
    let message: String

    enum CodingKeys: String, CodingKey {
        case status
        case apiKey = "api_key"
        case friendlyID = "friendly_id"
        case imageURL = "image_url"
        case message
    }
}
