/// The body of `GET /api/display` in the shape TRMNL firmware and BYOS clients parse:
/// `status` 0 for success, `image_url` to fetch, `filename` to compare with the one shown
/// (equal means the screen is not redrawn), `refresh_rate` in seconds until the next poll.
package struct DisplayResponse: Encodable, Equatable {
    package let status: Int
    package let imageURL: String
    package let filename: String
    package let refreshRate: Int
    package let resetFirmware: Bool
    package let updateFirmware: Bool
    @ExplicitNull package var firmwareURL: String?

    package init(
        status: Int, imageURL: String, filename: String, refreshRate: Int, resetFirmware: Bool, updateFirmware: Bool,
        firmwareURL: String?
    ) {
        self.status = status
        self.imageURL = imageURL
        self.filename = filename
        self.refreshRate = refreshRate
        self.resetFirmware = resetFirmware
        self.updateFirmware = updateFirmware
        self.firmwareURL = firmwareURL
    }

    package enum CodingKeys: String, CodingKey {
        case status
        case imageURL = "image_url"
        case filename
        case refreshRate = "refresh_rate"
        case resetFirmware = "reset_firmware"
        case updateFirmware = "update_firmware"
        case firmwareURL = "firmware_url"
    }
}
