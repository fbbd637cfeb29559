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
        #expect(try source.latestModels()?.widgets == previousRun)
        let fresh = ServerFixture.widgets(at: Date(timeIntervalSince1970: 1_795_000_600))
        published.publish(fresh)
        #expect(try source.latestModels()?.widgets == fresh)
    }

    /// A tile is current while its models are the same object, so models equal to the last
    /// ones must come back as that object: published again by the next quiet cycle, or read
    /// again from a folder whose file was rewritten with the same content. New models are a
    /// new object.
    @Test func theSameModelsAreTheSameObjectAndNewOnesAreNot() throws {
        let folder = try OutputFolderFixture()
        try FileManager.default.createDirectory(atPath: folder.directory + "/.netsnap", withIntermediateDirectories: true)
        let path = folder.directory + "/" + WidgetState.path
        let widgets = ServerFixture.widgets(at: Date(timeIntervalSince1970: 1_795_000_000))
        try Data(try WidgetState.bytes(widgets)).write(to: URL(fileURLWithPath: path))
        let source = OutputFolderWidgetSource(directory: folder.directory)
        let read = try #require(try source.latestModels())
        #expect(source.knownModels() === read)
        // The same bytes under a new stamp.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_795_000_300)], ofItemAtPath: path)
        #expect(source.knownModels() == nil, "a new stamp is not known until read")
        #expect(try source.latestModels() === read)

        let published = PublishedWidgets(widgets)
        let first = try #require(published.latestModels())
        published.publish(widgets)
        #expect(published.latestModels() === first)
        var changed = widgets
        changed.large.devicesTotal += 1
        published.publish(changed)
        #expect(published.latestModels() !== first)
        #expect(published.latestModels()?.widgets == changed)
    }
}
