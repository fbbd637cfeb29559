import Foundation
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
    /// `page-dashboard`, `page-widget` or `page-embed`, set on `<html>`.
    let pageClass: String
    let refreshSeconds: Int
    let contentSecurityPolicy: String
    let snapshotAt: String
    let expiresAt: String
    let lastUpdate: String
    let isStale: Bool
    /// "Stale · 8 min", or empty while fresh (the script fills it in when the page turns stale).
    let staleText: String

    init(_ kind: Kind, title: String, widgets: WidgetSet, now: Date, settings: PageSettings) {
        self.title = title
        pageClass = "page-\(kind.rawValue)"
        refreshSeconds = settings.refreshSeconds
        contentSecurityPolicy = Self.contentSecurityPolicy(allowingFrames: kind == .embed)
        snapshotAt = PageFormat.timestamp(widgets.snapshotAt)
        expiresAt = PageFormat.timestamp(widgets.expiresAt)
        lastUpdate = PageFormat.clock(widgets.snapshotAt)
        let freshness = widgets.freshness(at: now)
        isStale = freshness.isStale
        staleText = AgeText.label(freshness, snapshotAt: widgets.snapshotAt, timeZone: settings.timeZone) ?? ""
    }
}
