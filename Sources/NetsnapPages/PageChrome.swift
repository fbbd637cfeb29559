import Foundation
import NetsnapLanguage
import NetsnapWidgets

/// What every page's head and banners need: title, refresh, security policy and freshness.
struct PageChrome: Sendable {
    /// Scripts and styles only from the page's own folder; nothing else loads. `frame-src` is
    /// opened only on the embed page, which shows the widgets in frames.
    static func contentSecurityPolicy(allowingFrames: Bool) -> String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + (allowingFrames ? "frame-src 'self'; " : "") + "base-uri 'none'; form-action 'none'"
    }

    /// What kind of page this is, for the stylesheet.
    enum Kind: String, Sendable {
        case dashboard, widget, embed
    }

    let title: String
    /// The page's language (`lang`, "de-DE"; "en" in the POSIX locale) and writing direction
    /// (`dir`, "rtl" for Arabic and Hebrew).
    let lang: String
    let dir: String
    /// The words and formats the page's scripts use (`<meta name="netsnap-words">`); nil in the
    /// POSIX locale.
    let words: String?
    /// `page-dashboard`, `page-widget` or `page-embed`, set on `<html>`.
    let pageClass: String
    let refreshSeconds: Int
    /// `refreshSeconds` in the page's digits, for its words.
    let refreshEvery: String
    let contentSecurityPolicy: String
    let snapshotAt: String
    let expiresAt: String
    let lastUpdate: String
    let isStale: Bool
    /// "Stale · 8 min", or empty while fresh (the script fills it in when the page turns stale).
    let staleText: String
    /// What failed behind the outputs (the history could not be written…), shown in a banner;
    /// nil when nothing did.
    let problemText: String?
    /// "Maintenance: NAS — firmware update" while maintenance covers something, for a banner.
    let maintenanceText: String?
    /// The `data-theme` the page opens with; nil follows the reader's preference.
    let theme: String?
    /// The night hours for the page's script, which switches the theme by the browser's
    /// clock; nil without a schedule.
    let nightSchedule: NightScheduleView?

    /// `title` is the page's own words; `networkName`, when given, leads it, isolated so that
    /// a right-to-left name cannot reorder the words around it.
    init(
        _ kind: Kind, title: PagePhrase, networkName: String? = nil, widgets: WidgetSet, now: Date, settings: PageSettings,
        problem: String? = nil
    ) {
        self.init(
            kind, titleWords: settings.wording(title), networkName: networkName, widgets: widgets, now: now, settings: settings,
            problem: problem)
    }

    /// The same with the title's words already in the page's language (a page whose title is
    /// not a `PagePhrase`: the network map's).
    init(
        _ kind: Kind, titleWords: String, networkName: String? = nil, widgets: WidgetSet, now: Date, settings: PageSettings,
        problem: String? = nil
    ) {
        let wording = settings.wording
        title = networkName.map { "\u{2068}\($0)\u{2069}" + wording.separator + titleWords } ?? titleWords
        lang = wording.languageTag
        dir = wording.isRightToLeft ? "rtl" : "ltr"
        words = ScriptWords.json(wording)
        pageClass = "page-\(kind.rawValue)"
        refreshSeconds = settings.refreshSeconds
        refreshEvery = PageFormat.count(settings.refreshSeconds, wording)
        contentSecurityPolicy = Self.contentSecurityPolicy(allowingFrames: kind == .embed)
        snapshotAt = PageFormat.timestamp(widgets.snapshotAt)
        expiresAt = PageFormat.timestamp(widgets.expiresAt)
        lastUpdate = PageFormat.clock(widgets.snapshotAt, wording, settings.timeZone)
        let freshness = widgets.freshness(at: now)
        isStale = freshness.isStale
        staleText = AgeText.label(freshness, snapshotAt: widgets.snapshotAt, timeZone: settings.timeZone, wording) ?? ""
        problemText = problem.map { wording(PagePhrase.outputProblem, ["problem": $0]) }
        maintenanceText = widgets.maintenance?.sentence(wording)
        theme = settings.theme(at: now)?.rawValue
        nightSchedule = settings.night.map { NightScheduleView($0, dayTheme: settings.theme, timeZone: settings.timeZone) }
    }
}
