/// A page's colour scheme when it is not left to the reader's `prefers-color-scheme`.
public enum PageTheme: String, Sendable, CaseIterable {
    case dark, light
    /// Dim red on black for a screen in a bedroom or hallway, as the night tiles.
    case night
}
