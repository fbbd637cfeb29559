/// How the pages behave: how often they refresh and where the user's templates are.
public struct PageSettings: Sendable, Equatable {
    /// Seconds between two refreshes of an open page (default 30).
    public var refreshSeconds: Int
    /// A folder whose files replace the bundled templates of the same name; nil uses the bundled ones.
    public var templatesDirectory: String?

    public init(refreshSeconds: Int = 30, templatesDirectory: String? = nil) {
        self.refreshSeconds = refreshSeconds
        self.templatesDirectory = templatesDirectory
    }
}
