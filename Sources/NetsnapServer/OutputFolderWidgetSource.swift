import NIOConcurrencyHelpers
import NetsnapRender
import NetsnapWatch
import NetsnapWidgets

/// The widget models the last `render` or `watch` left in the output folder
/// (`WidgetState`), for plain `serve`: read again whenever the file's stamp changes, so
/// tiles and the TRMNL picture are drawn on demand with the data's real age. A file that
/// fails to decode leaves the last good models in place.
public final class OutputFolderWidgetSource: WidgetSource {
    private let path: String
    private let state = NIOLockedValueBox<(stamp: FileStamp?, models: WidgetModels?)>((nil, nil))

    public init(directory: String) {
        path = directory + "/" + WidgetState.path
    }

    public func latestModels() throws -> WidgetModels? {
        let known = state.withLockedValue { $0 }
        guard let stamp = FileStamp(at: path, followingSymlinks: true), stamp.isRegularFile else { return known.models }
        if known.stamp == stamp, let models = known.models { return models }
        guard let (bytes, _) = OutputFolder.read(path), let widgets = try? WidgetState.decode(bytes) else {
            return known.models
        }
        let models = WidgetModels.replacing(known.models, with: widgets)
        state.withLockedValue { $0 = (stamp, models) }
        return models
    }

    public func knownModels() -> WidgetModels? {
        let known = state.withLockedValue { $0 }
        guard let stamp = FileStamp(at: path, followingSymlinks: true), stamp == known.stamp else { return nil }
        return known.models
    }
}
