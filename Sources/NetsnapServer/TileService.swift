import Foundation
import NIOConcurrencyHelpers
import NetsnapTiles
import NetsnapWidgets

/// Tiles drawn on demand from the newest widget models, each kept until those models change
/// or turn stale (a stale tile must look stale, so it is drawn again once). There are at
/// most 36 distinct requests (sizes × scales × themes, profiles × themes) per time zone, and only the
/// newest version of each is kept. Requests that miss together share one drawing.
final class TileService: Sendable {
    /// What a tile request comes to.
    enum Outcome: Sendable {
        case tile(Representation)
        /// Nothing to draw from yet, and why.
        case noSnapshot(String)
    }

    private struct Entry: Sendable {
        let widgets: WidgetSet
        let stale: Bool
        let drawing: Task<Representation, any Error>
    }

    let source: any WidgetSource
    let provider: any TileProvider
    let now: @Sendable () -> Date
    let cacheControl: String
    private let entries = NIOLockedValueBox<[TileRequest: Entry]>([:])

    init(source: any WidgetSource, provider: any TileProvider, now: @escaping @Sendable () -> Date, maxAgeSeconds: Int) {
        self.source = source
        self.provider = provider
        self.now = now
        cacheControl = "max-age=\(maxAgeSeconds)"
    }

    func tile(for request: TileRequest) async throws -> Outcome {
        let widgets: WidgetSet?
        do {
            widgets = try await source.latestWidgets()
        } catch {
            return .noSnapshot("the snapshot cannot be read: \(error)")
        }
        guard let widgets else { return .noSnapshot("no snapshot yet") }
        let date = now()
        let stale = widgets.isStale(at: date)
        let drawing = entries.withLockedValue { entries in
            if let entry = entries[request], entry.stale == stale, entry.widgets == widgets { return entry.drawing }
            let drawing = Task { [provider, cacheControl] in
                Representation(
                    bytes: try await provider.png(for: widgets, request: request, now: date), contentType: "image/png",
                    cacheControl: cacheControl)
            }
            entries[request] = Entry(widgets: widgets, stale: stale, drawing: drawing)
            return drawing
        }
        do {
            return .tile(try await drawing.value)
        } catch {
            // A failed drawing is not kept: the next request tries again.
            entries.withLockedValue { entries in
                if entries[request]?.drawing == drawing { entries[request] = nil }
            }
            throw error
        }
    }
}
