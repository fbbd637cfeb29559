import Foundation
import NetsnapLanguage
import NetsnapModel

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
    /// The scheme every page uses (`pages.theme`); nil follows the reader's preference.
    public var theme: PageTheme?
    /// Hours, told in `timeZone`, when the pages turn to the night theme whatever `theme`
    /// says (`nightFrom`, `nightUntil`). A page is rendered in the theme of its render time
    /// and its script keeps switching by the browser's clock while it stays open.
    public var night: ClockWindow?
    /// The household's language (`locale`, `clock`): the pages' words, numbers and times,
    /// their `lang` and, for Arabic and Hebrew, `dir="rtl"`.
    public var wording: Wording = .posix

    public init(
        refreshSeconds: Int = 30, templatesDirectory: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        qrURL: String? = nil, theme: PageTheme? = nil, night: ClockWindow? = nil
    ) {
        self.refreshSeconds = refreshSeconds
        self.templatesDirectory = templatesDirectory
        self.timeZone = timeZone
        self.qrURL = qrURL
        self.theme = theme
        self.night = night
    }

    /// The theme a page rendered at `now` opens in: night inside the night hours, else the
    /// configured one (nil: the reader's preference).
    public func theme(at now: Date) -> PageTheme? {
        if let night, night.contains(now, timeZone: timeZone) { return .night }
        return theme
    }
}
