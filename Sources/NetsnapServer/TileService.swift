import Foundation
import NIOConcurrencyHelpers
import NetsnapTiles
import NetsnapWidgets

/// Tiles drawn on demand from the newest widget models, each kept until those models change
/// or the age a stale tile shows changes. A redrawing that comes out the same bytes keeps
/// the earlier version, `Last-Modified` included. Only the newest
/// version of each request is kept, and at most `capacity` requests: any `WxH` canvas can
/// be asked for, so the least recently used give way. Requests that miss together share
/// one drawing.
final class TileService: Sendable {
    /// What a tile request comes to.
    enum Outcome: Sendable {
        case tile(Representation)
        /// Nothing to draw from yet, and why.
        case noSnapshot(String)
    }

    private struct Entry: Sendable {
        let models: WidgetModels
        /// What the tile says of the data's age ("Stale · 8 min"); nil while fresh.
        let ageLabel: String?
        let drawing: Task<Representation, any Error>
        /// The drawing's result once a request has awaited it: the shortcuts cannot await.
        var drawn: Representation?
        var lastUsed: UInt64

        /// True while a new drawing would show the same: the same models, the same age label.
        func isCurrent(models: WidgetModels, ageLabel: String?) -> Bool {
            self.models === models && self.ageLabel == ageLabel
        }
    }

    /// The kept tiles and a counter that orders their use.
    private struct Cache: Sendable {
        var entries: [TileRequest: Entry] = [:]
        var uses: UInt64 = 0
    }

    /// Every phone size, scale and theme plus the profiles in every theme is 36; the rest
    /// leaves room for a few custom canvases (a large tile is about 100 KB).
    static let capacity = 64

    let source: any WidgetSource
    let provider: any TileProvider
    let now: @Sendable () -> Date
    let cacheControl: String
    private let cache = NIOLockedValueBox(Cache())
    private let ageLabels = AgeLabelMemo()
    /// Drawn tiles turned, inverted or re-encoded for the displays that asked.
    let conversions = ConvertedTileCache()

    init(source: any WidgetSource, provider: any TileProvider, now: @escaping @Sendable () -> Date, maxAgeSeconds: Int) {
        self.source = source
        self.provider = provider
        self.now = now
        cacheControl = "max-age=\(maxAgeSeconds)"
    }

    func tile(for request: TileRequest) async throws -> Outcome {
        let models: WidgetModels?
        do {
            models = try await source.latestModels()
        } catch {
            return .noSnapshot("the snapshot cannot be read: \(error)")
        }
        guard let models else { return .noSnapshot("no snapshot yet") }
        let date = now()
        let ageLabel = ageLabel(of: models, at: date, for: request)
        let drawing = cache.withLockedValue { cache in
            cache.uses += 1
            let previous = cache.entries[request]
            if let previous, previous.isCurrent(models: models, ageLabel: ageLabel) {
                cache.entries[request]?.lastUsed = cache.uses
                return previous.drawing
            }
            let drawing = Task { [provider, cacheControl] in
                let drawn = Representation(
                    bytes: try await provider.png(for: models.widgets, request: request, now: date), contentType: "image/png",
                    cacheControl: cacheControl, lastModified: date)
                // New data that looks the same is the same version to a client.
                if let earlier = try? await previous?.drawing.value, earlier.entityTag == drawn.entityTag { return earlier }
                return drawn
            }
            if cache.entries[request] == nil, cache.entries.count >= Self.capacity,
                let oldest = cache.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
            {
                cache.entries[oldest] = nil
            }
            cache.entries[request] = Entry(models: models, ageLabel: ageLabel, drawing: drawing, lastUsed: cache.uses)
            return drawing
        }
        do {
            let drawn = try await drawing.value
            cache.withLockedValue { cache in
                if cache.entries[request]?.drawing == drawing { cache.entries[request]?.drawn = drawn }
            }
            return .tile(drawn)
        } catch {
            // A failed drawing is not kept: the next request tries again.
            cache.withLockedValue { cache in
                if cache.entries[request]?.drawing == drawing { cache.entries[request] = nil }
            }
            throw error
        }
    }

    /// The tile `tile(for:)` would answer now, when it is drawn already and still current by
    /// the same test (the same entry, so the same version); nil when that needs reading the
    /// widgets or drawing. Never waits: the event loop's shortcuts ask it.
    func keptTile(for request: TileRequest) -> Representation? {
        guard let models = source.knownModels() else { return nil }
        let ageLabel = ageLabel(of: models, at: now(), for: request)
        return cache.withLockedValue { cache in
            // One lookup, and the entry read and touched in place rather than copied.
            guard let index = cache.entries.index(forKey: request), let drawn = cache.entries.values[index].drawn,
                cache.entries.values[index].isCurrent(models: models, ageLabel: ageLabel)
            else { return nil }
            cache.uses += 1
            cache.entries.values[index].lastUsed = cache.uses
            return drawn
        }
    }

    /// What a tile of `models` drawn at `date` says of the data's age; nil while fresh.
    private func ageLabel(of models: WidgetModels, at date: Date, for request: TileRequest) -> String? {
        ageLabels.label(of: models, at: date, timeZone: request.timeZone)
    }
}
