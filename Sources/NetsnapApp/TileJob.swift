import Foundation
import NetsnapConfiguration
import NetsnapModel
import NetsnapRaster
import NetsnapRender
import NetsnapTiles

/// `netsnap tile`: one PNG tile — a widget size at a scale, or a display profile — to a file
/// or standard output.
public struct TileJob: Sendable {
    public var configuration: Configuration
    public var source: RenderJob.Source
    public var tile: TileChoice
    /// The file ('-' for standard output).
    public var output: String
    /// The render time; nil is the clock.
    public var now: Date?

    public init(configuration: Configuration, source: RenderJob.Source, tile: TileChoice, output: String, now: Date?) {
        self.configuration = configuration
        self.source = source
        self.tile = tile
        self.output = output
        self.now = now
    }

    /// The named panels, one line each (name, size, format, class), for the command's help.
    public static var catalogueLines: [String] { DisplayProfile.catalogueLines }

    nonisolated(nonsending) public func run() async throws(ApplicationFailure) {
        var configuration = configuration
        configuration.render.tiles.enabled = true
        let renderTime = now ?? Date()
        let renderer = try RendererLoader.make(configuration, pages: false)
        let input = await source.snapshotInput(configuration: configuration) { StandardError.print($0) }
        let snapshot: Snapshot
        do {
            snapshot = try SnapshotLoader.load(input, now: renderTime)
        } catch {
            throw ApplicationFailure(.refused, error.description)
        }
        let bytes: [UInt8]
        do {
            bytes = try renderer.tiles!.png(
                for: renderer.widgets(for: snapshot), request: tile.request(configuration.render.tiles), now: renderTime)
        } catch let failure as ApplicationFailure {
            throw failure
        } catch {
            throw ApplicationFailure(.renderFailed, "error: rendering failed: \(error)")
        }
        try SingleOutput.write(bytes, to: output)
    }
}
