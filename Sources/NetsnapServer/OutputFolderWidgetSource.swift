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
    private let state = NIOLockedValueBox<(stamp: FileStamp?, widgets: WidgetSet?)>((nil, nil))

    public init(directory: String) {
        path = directory + "/" + WidgetState.path
    }

    public func latestWidgets() throws -> WidgetSet? {
        let known = state.withLockedValue { $0 }
        guard let stamp = FileStamp(at: path, followingSymlinks: true), stamp.isRegularFile else { return known.widgets }
        if known.stamp == stamp, let widgets = known.widgets { return widgets }
        guard let (bytes, _) = OutputFolder.read(path), let widgets = try? WidgetState.decode(bytes) else {
            return known.widgets
        }
        state.withLockedValue { $0 = (stamp, widgets) }
        return widgets
    }

    public func knownWidgets() -> WidgetSet? {
        let known = state.withLockedValue { $0 }
        guard let stamp = FileStamp(at: path, followingSymlinks: true), stamp == known.stamp else { return nil }
        return known.widgets
    }
}
