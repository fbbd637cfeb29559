import NetsnapText

/// Commands that draw text load fontconfig while their arguments are parsed.
public enum FontPreload {
    public static func start() { FontSystem.preloadFontconfig() }
}
