import Foundation
import NetsnapRender
import NetsnapWatch
import Testing

@testable import NetsnapServer

@Suite struct WatchWidgetSourceTests {
    @Test func beforeTheFirstCycleTheLastRunsWidgetsAnswer() throws {
        let folder = try OutputFolderFixture()
        try FileManager.default.createDirectory(atPath: folder.directory + "/.netsnap", withIntermediateDirectories: true)
        let previousRun = ServerFixture.widgets(at: Date(timeIntervalSince1970: 1_795_000_000))
        try Data(try WidgetState.bytes(previousRun)).write(to: URL(fileURLWithPath: folder.directory + "/" + WidgetState.path))
        let published = PublishedWidgets()
        let source = WatchWidgetSource(published: published, folder: OutputFolderWidgetSource(directory: folder.directory))
        #expect(try source.latestWidgets() == previousRun)
        let fresh = ServerFixture.widgets(at: Date(timeIntervalSince1970: 1_795_000_600))
        published.publish(fresh)
        #expect(try source.latestWidgets() == fresh)
    }
}
