import Foundation

/// How the pages behave: how often they refresh, where the user's templates are and which
/// time zone they write dates in.
public struct PageSettings: Sendable, Equatable {
    /// Seconds between two refreshes of an open page (default 30).
    public var refreshSeconds: Int
    /// A folder whose files replace the bundled templates of the same name; nil uses the bundled ones.
    public var templatesDirectory: String?
    /// Where the pages' own text tells dates ("since 21 Nov 10:42") until the script, in a
    /// browser, retells them in the reader's zone.
    public var timeZone: TimeZone
    /// The address the dashboard shows as a QR code (the configured `publicURL`), so a phone
    /// in front of a wall display opens the live page; nil shows none.
    public var qrURL: String?

    public init(
        refreshSeconds: Int = 30, templatesDirectory: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        qrURL: String? = nil
    ) {
        self.refreshSeconds = refreshSeconds
        self.templatesDirectory = templatesDirectory
        self.timeZone = timeZone
        self.qrURL = qrURL
    }
}
