/// The colour scheme of a tile.
public enum TileTheme: String, Sendable, Hashable, CaseIterable {
    /// Slate-to-blue gradient with white glass cards: the NetMonitor look.
    case dark
    /// Its daylight counterpart: pale gradient, white cards, dark text.
    case light
    /// Dim red on black for bedside and hallway screens, like StandBy at night.
    case night
}
