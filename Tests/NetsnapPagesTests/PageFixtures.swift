import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapRender
import NetsnapWidgets

@testable import NetsnapPages

/// The sample network at a fixed time, and helpers to render it.
enum PageFixtures {
    static let snapshotAt = RFC3339.parse("2026-11-21T10:42:00Z")!
    /// A minute after the snapshot: fresh.
    static let now = snapshotAt.addingTimeInterval(60)

    static func widgets(_ snapshot: Snapshot = SampleSnapshot.snapshot.redated(to: snapshotAt)) -> WidgetSet {
        WidgetSet(snapshot)
    }

    static let bundled: PageTemplates = {
        do { return try PageTemplates() } catch { preconditionFailure("bundled templates: \(error)") }
    }()

    static func render(_ widgets: WidgetSet = widgets(), at date: Date = now, settings: PageSettings = PageSettings()) -> [String: String] {
        let pages = PageRenderer(templates: bundled, settings: settings).render(widgets, now: date)
        return Dictionary(uniqueKeysWithValues: pages.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
