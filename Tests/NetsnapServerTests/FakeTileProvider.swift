import Foundation
import NIOConcurrencyHelpers
import NetsnapServer
import NetsnapTiles
import NetsnapWidgets

/// Draws a tiny real PNG that names the request, the snapshot time and whether the data was
/// stale, and counts how often it was asked — so tests can see what was drawn and cached.
final class FakeTileProvider: TileProvider {
    private let calls = NIOLockedValueBox<[TileRequest]>([])
    /// How long each drawing takes, so tests can make requests overlap.
    let drawingTime: Duration

    init(drawingTime: Duration = .zero) { self.drawingTime = drawingTime }

    var drawn: [TileRequest] { calls.withLockedValue { $0 } }
    /// The walls of sites drawn, by request.
    var wallsDrawn: [TileRequest] { wallCalls.withLockedValue { $0 } }
    private let wallCalls = NIOLockedValueBox<[TileRequest]>([])

    func png(for wall: WallTile, request: TileRequest) async throws -> [UInt8] {
        wallCalls.withLockedValue { $0.append(request) }
        return TinyPNG.make(text: "wall \(request.fileName) \(wall.sites.map(\.name).joined(separator: ","))")
    }

    func png(for widgets: WidgetSet, request: TileRequest, now: Date) async throws -> [UInt8] {
        calls.withLockedValue { $0.append(request) }
        if drawingTime > .zero { try await Task.sleep(for: drawingTime) }
        let stale = widgets.isStale(at: now) ? " stale" : ""
        // The file name render would give it, e.g. tiles/medium@2x-dark.png.
        return TinyPNG.make(text: "\(request.fileName) \(widgets.snapshotAt.timeIntervalSince1970)\(stale)")
    }
}
