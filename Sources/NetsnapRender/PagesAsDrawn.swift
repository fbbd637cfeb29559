import NetsnapPages

/// What the pages of one render are drawn with: their settings, the theme they open in at
/// the render time (the night hours switch it) and the problem the dashboard's banner names,
/// the part of `RenderedInputs` pages add.
struct PagesAsDrawn: Equatable, Sendable {
    var settings: PageSettings
    var theme: PageTheme?
    var problem: String?
}
