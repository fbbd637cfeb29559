import NIOConcurrencyHelpers
import NetsnapModel
import NetsnapRender
import NetsnapWatch
import NetsnapWidgets

/// The widget models of a snapshot file another program rewrites: read again whenever the
/// file's stamp changes. A file that fails to decode (say, caught half-written by a writer
/// that is not atomic) leaves the last good models in place; with none yet, the error is
/// passed on so the tile request can say why there is nothing to draw.
public final class SnapshotFileWidgetSource: WidgetSource {
    public let input: SnapshotInput
    let renderer: OutputRenderer
    private let path: String
    private let state = NIOLockedValueBox<(stamp: FileStamp?, models: WidgetModels?)>((nil, nil))

    /// Follows `input` (a document or a message stream; not stdin, which cannot be re-read).
    public init(input: SnapshotInput, settings: RenderSettings) throws(SnapshotError) {
        switch input {
        case .document(let path), .messages(let path):
            guard path != "-" else {
                throw SnapshotError(file: "stdin", issues: [SnapshotIssue(location: "", message: "serve needs a file it can re-read")])
            }
            self.path = path
        case .sample, .gathered:
            throw SnapshotError(file: "sample", issues: [SnapshotIssue(location: "", message: "serve needs a snapshot file")])
        }
        self.input = input
        renderer = OutputRenderer(settings: settings, tiles: nil)
    }

    public func latestModels() throws -> WidgetModels? {
        guard let stamp = FileStamp(at: path, followingSymlinks: true), stamp.isRegularFile else {
            if let models = state.withLockedValue({ $0.models }) { return models }
            throw SnapshotError(file: input.displayName, issues: [SnapshotIssue(location: "", message: "no such file")])
        }
        let known = state.withLockedValue { $0 }
        if known.stamp == stamp, let models = known.models { return models }
        do {
            // `now` only re-dates the embedded sample, which this source never reads.
            let snapshot = try SnapshotLoader.load(input, now: .distantPast)
            let models = WidgetModels.replacing(known.models, with: renderer.widgets(for: snapshot))
            state.withLockedValue { $0 = (stamp, models) }
            return models
        } catch {
            if let models = known.models { return models }
            throw error
        }
    }

    public func knownModels() -> WidgetModels? {
        let known = state.withLockedValue { $0 }
        guard let stamp = FileStamp(at: path, followingSymlinks: true), stamp == known.stamp else { return nil }
        return known.models
    }
}
