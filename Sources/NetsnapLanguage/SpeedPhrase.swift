/// The words of `speed.html`, the line's measured speed over 30 and 90 days. Kept apart from
/// `PagePhrase` as the map's are; the figures' own words (download, upload, latency, jitter)
/// are the dashboard's.
public enum SpeedPhrase: String, MessageText {
    case lineSpeed = "Line speed"
    case nameLineSpeed = "{name} · Line speed"
    case latestResult = "Latest result"
    case measuredAt = "Measured"
    case server = "Server"
    case average = "Average"
    case lowest = "Lowest"
    case figuresByDay = "Figures by day"
    case day = "Day"
    case noSpeedMeasured = "Nothing has measured the line's speed yet: a speed: section in the configuration does."
    case noResultInTheseDays = "No result in these days."
    /// The dashboard's link to this page.
    case speedHistory = "Speed history"
}

/// The speed page's messages whose words change with a count.
public enum SpeedCountPhrase: String, CountedMessageText {
    case lastDays = "Last {count} day"
    case daysMeasured = "Measured on {count} day of the last 90"
    case chartLabel = "Last {count} day: download {downloadLow} to {downloadHigh}, upload {uploadLow} to {uploadHigh}"

    public var plural: String {
        switch self {
        case .lastDays: "Last {count} days"
        case .daysMeasured: "Measured on {count} days of the last 90"
        case .chartLabel: "Last {count} days: download {downloadLow} to {downloadHigh}, upload {uploadLow} to {uploadHigh}"
        }
    }
}
