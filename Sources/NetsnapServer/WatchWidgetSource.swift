import NetsnapWidgets

/// Under `serve --watch`: the loop's newest widget models, and until its first cycle has
/// published any, what the previous run left in the output folder — so tiles and the TRMNL
/// picture answer right after a restart, with that data's real age, instead of 503.
public final class WatchWidgetSource: WidgetSource {
    private let published: PublishedWidgets
    private let folder: OutputFolderWidgetSource

    public init(published: PublishedWidgets, folder: OutputFolderWidgetSource) {
        self.published = published
        self.folder = folder
    }

    public func latestModels() throws -> WidgetModels? {
        try published.latestModels() ?? folder.latestModels()
    }

    public func knownModels() -> WidgetModels? {
        published.latestModels() ?? folder.knownModels()
    }
}
