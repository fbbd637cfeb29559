import Foundation
import NetsnapModel

/// The night hours as the page's script reads them from `<html>`: "HH:MM" bounds, the time
/// zone they are told in, and the theme outside them ("" for the reader's preference).
struct NightScheduleView: Sendable {
    let from: String
    let until: String
    /// An IANA name the browser's `Intl` understands, e.g. "Europe/Zurich".
    let timeZone: String
    let dayTheme: String

    init(_ window: ClockWindow, dayTheme: PageTheme?, timeZone: TimeZone) {
        from = ClockWindow.text(window.from)
        until = ClockWindow.text(window.until)
        self.timeZone = timeZone.identifier
        self.dayTheme = dayTheme?.rawValue ?? ""
    }
}
