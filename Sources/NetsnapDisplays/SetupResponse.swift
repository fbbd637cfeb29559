/// The body of `GET /api/setup` in the shape TRMNL firmware parses: `status` 200 with the
/// `api_key` the device then sends as `Access-Token`, its `friendly_id`, and the image to
/// show first; 404 (and null keys) for a device this server does not pair with.
package struct SetupResponse: Encodable, Equatable {
    package let status: Int
    @ExplicitNull package var apiKey: String?
    @ExplicitNull package var friendlyID: String?
    @ExplicitNull package var imageURL: String?
    package let message: String

    package init(status: Int, apiKey: String?, friendlyID: String?, imageURL: String?, message: String) {
        self.status = status
        self.apiKey = apiKey
        self.friendlyID = friendlyID
        self.imageURL = imageURL
        self.message = message
    }

    package enum CodingKeys: String, CodingKey {
        case status
        case apiKey = "api_key"
        case friendlyID = "friendly_id"
        case imageURL = "image_url"
        case message
    }
}
