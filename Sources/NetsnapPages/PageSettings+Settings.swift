import NetsnapSettings

/// The `pages:` section, declared and read by the module that writes the pages.
extension PageSettings {
    /// The `pages` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init("pages", .section, "The HTML pages."),
        .init("pages.refreshSeconds", .integer, default: "30", unit: "seconds", "How often an open page refreshes itself."),
        .init(
            "pages.templates", .string, note: "none: the bundled templates",
            "A folder of templates, each replacing the bundled one of its name."),
        .init("pages.theme", .string, note: "none: the reader's preference", "dark, light or night for every page."),
    ]

    /// The `pages:` section laid over these settings, read strictly.
    public mutating func read(_ pages: ConfigurationReader) throws(ConfigurationError) {
        try pages.checkDocumentedKeys()
        if let seconds = try pages.integer("refreshSeconds", in: 1...86_400) { refreshSeconds = seconds }
        if let folder = try pages.string("templates") { templatesDirectory = folder }
        if let theme = try pages.string("theme") {
            guard let parsed = PageTheme(rawValue: theme) else {
                throw pages.error("theme", "expected dark, light or night, found \"\(theme)\"")
            }
            self.theme = parsed
        }
    }
}
