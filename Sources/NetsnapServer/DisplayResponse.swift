/// The body of `GET /api/display` in the shape TRMNL firmware and BYOS clients parse:
/// `status` 0 for success, `image_url` to fetch, `filename` to compare with the one shown
/// (equal means the screen is not redrawn), `refresh_rate` in seconds until the next poll.
struct DisplayResponse: Encodable, Equatable {
    let status: Int
    let imageURL: String
    let filename: String
    let refreshRate: Int
    let resetFirmware: Bool
    let updateFirmware: Bool
    @ExplicitNull var firmwareURL: String?

    enum CodingKeys: String, CodingKey {
        case status
        case imageURL = "image_url"
        case filename
        case refreshRate = "refresh_rate"
        case resetFirmware = "reset_firmware"
        case updateFirmware = "update_firmware"
        case firmwareURL = "firmware_url"
    }
}
