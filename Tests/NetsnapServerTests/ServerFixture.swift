import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapServer
import NetsnapTestSupport
import NetsnapWidgets

@testable import NetsnapRender
@testable import NetsnapWatch

/// An application over an `OutputFolderFixture`, with a fake tile renderer, widgets the test
/// can replace, a watch monitor it can feed and a pinned clock.
struct ServerFixture {
    let folder: OutputFolderFixture
    var arguments: TestArguments
    let clock = TestClock()
    let widgets = PublishedWidgets()
    let tiles: FakeTileProvider
    let metrics = ServerMetrics()
    let monitor: WatchMonitor
    var drawsTiles = true
    /// The renderer the server uses; the fake unless a test wants real pixels.
    var tileProvider: any TileProvider

    init(folder: OutputFolderFixture? = nil, drawingTime: Duration = .zero) throws {
        self.folder = try folder ?? OutputFolderFixture()
        tiles = FakeTileProvider(drawingTime: drawingTime)
        tileProvider = tiles
        arguments = TestArguments(outputDirectory: self.folder.directory)
        monitor = WatchMonitor(interval: arguments.intervalSeconds)
        widgets.publish(Self.widgets(at: clock.now))
    }

    /// The sample network's widgets as if snapped at `date`.
    static func widgets(at date: Date) -> WidgetSet {
        WidgetSet(SampleSnapshot.snapshot.redated(to: date))
    }

    /// The sample network with every target answering: nothing down, nothing to hurry for.
    static func calmWidgets(at date: Date) -> WidgetSet {
        var snapshot = SampleSnapshot.snapshot.redated(to: date)
        for index in snapshot.targets.indices {
            snapshot.targets[index].isOnline = true
            snapshot.targets[index].currentLatency = 12
        }
        return WidgetSet(snapshot)
    }

    func application(onListening: (@Sendable (Int) async -> Void)? = nil) throws -> some ApplicationProtocol {
        let dependencies = ServerDependencies(
            watchStatus: monitor, metrics: metrics, widgets: drawsTiles ? widgets : nil, tiles: drawsTiles ? tileProvider : nil,
            now: clock.reading, onListening: onListening)
        return try buildApplication(arguments, dependencies: dependencies)
    }

    /// Runs `test` against the application in process (no sockets).
    func withRouter<Value: Sendable>(_ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await application().test(.router, test)
    }
}
