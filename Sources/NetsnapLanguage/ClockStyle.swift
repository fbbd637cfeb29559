/// How clock times read: `24h` ("17:05"), `12h` ("5:05 PM", in the locale's words), or
/// `locale`, the locale's own custom (12-hour in en-US, 24-hour in de-DE).
public enum ClockStyle: String, Sendable, Hashable, CaseIterable {
    case twentyFourHour = "24h"
    case twelveHour = "12h"
    case locale
}
