import Foundation
import Logging
import NetsnapModel
import NetsnapRender
import Testing

@testable import NetsnapSites

/// The wall is written every cycle with every site; the sites' folders follow within a
/// budget, changed snapshots first (with no budget at all: one folder a cycle).
@Suite struct SitesWriterTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func site(_ id: String, _ snapshot: Snapshot) -> SiteBoard.Judged {
        SiteBoard.Judged(entry: SiteEntry(id: id, slug: id, state: .online), snapshot: snapshot)
    }

    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "netsnap-sites-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    func writer(_ folder: URL) -> SitesWriter {
        SitesWriter(
            renderer: OutputRenderer(settings: RenderSettings(), tiles: nil), directory: folder.path, intervalSeconds: 1,
            logger: Logger(label: "test"), drawingBudget: .zero)
    }

    func listed(_ folder: URL) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: "sites.json"))) as? [String: Any]
        return (document?["sites"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.sorted()
    }

    func drawn(_ folder: URL, _ ids: [String]) -> [String] {
        ids.filter { FileManager.default.fileExists(atPath: folder.appending(path: "sites/\($0)/widgets.json").path) }
    }

    func targetsOnline(_ folder: URL, _ id: String) throws -> Int? {
        let data = try Data(contentsOf: folder.appending(path: "sites/\(id)/widgets.json"))
        let widgets = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (widgets?["medium"] as? [String: Any])?["targetsOnline"] as? Int
    }

    @Test func theWallListsEverySiteAtOnceAndTheFoldersFollowOneACycle() throws {
        let snapshot = try SnapshotLoader.load(.sample, now: now)
        let ids = ["alpha", "bravo", "charlie"]
        try withFolder { folder in
            var writer = writer(folder)
            for cycle in 1...3 {
                try writer.write(ids.map { site($0, snapshot) }, now: now.addingTimeInterval(Double(cycle)))
                #expect(try listed(folder) == ids)
                #expect(drawn(folder, ids).count == cycle)
            }
        }
    }

    @Test func aChangedSnapshotIsDrawnBeforeFoldersDueForTheirRedraw() throws {
        let snapshot = try SnapshotLoader.load(.sample, now: now)
        var changed = snapshot
        for index in changed.targets.indices { changed.targets[index].isOnline = false }
        try withFolder { folder in
            var writer = writer(folder)
            for cycle in 1...2 {
                try writer.write([site("alpha", snapshot), site("bravo", snapshot)], now: now.addingTimeInterval(Double(cycle)))
            }
            let alphaBefore = try Data(contentsOf: folder.appending(path: "sites/alpha/widgets.json"))
            // Past the redraw period both are due, but only one is drawn: the changed one.
            let later = now.addingTimeInterval(SitesWriter.redrawSeconds + 10)
            try writer.write([site("alpha", snapshot), site("bravo", changed)], now: later)
            #expect(try targetsOnline(folder, "bravo") == 0)
            #expect(try Data(contentsOf: folder.appending(path: "sites/alpha/widgets.json")) == alphaBefore)
            // Next cycle: the oldest due folder, alpha's, drawn again with the time moved on.
            try writer.write([site("alpha", snapshot), site("bravo", changed)], now: later.addingTimeInterval(1))
            #expect(try Data(contentsOf: folder.appending(path: "sites/alpha/widgets.json")) != alphaBefore)
        }
    }

    @Test func sitesWhoseSnapshotsChangeEveryCycleTakeTurns() throws {
        let ids = ["alpha", "bravo", "charlie"]
        try withFolder { folder in
            var writer = writer(folder)
            for cycle in 1...3 {
                // Every site sends a new snapshot each cycle, as a gathering site does.
                let snapshot = try SnapshotLoader.load(.sample, now: now.addingTimeInterval(Double(cycle)))
                try writer.write(ids.map { site($0, snapshot) }, now: now.addingTimeInterval(Double(cycle)))
            }
            #expect(drawn(folder, ids) == ids, "none starved by the ones before it")
        }
    }
}
