import Foundation
import GRDB
import Logging
import NetsnapHistory
import NetsnapLanguage
import NetsnapModel
import NetsnapTestSupport
import Synchronization
import Testing

@testable import NetsnapRender
@testable import NetsnapWatch

/// When the history cannot be written (a full disk, a read-only folder, another writer),
/// every output is still rendered from the snapshot, says how old its data is, and says why.
@Suite struct HistoryFailureTests {
    @Test func outputsAreRenderedAndTellTheTruthWhenTheHistoryCannotBeWritten() async throws {
        let root = try TemporaryFolder.make("history-failure")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        settings.widgets.freshnessSeconds = 10
        let history = try HistoryStore(path: root + "/history.sqlite")
        let start = SampleSnapshot.snapshot.generatedAt
        let clock = Mutex(start)
        let cycle = WatchCycle(
            renderer: OutputRenderer(settings: settings, tiles: nil), input: .producer { SampleSnapshot.snapshot },
            history: history, clock: { clock.withLock { $0 } })
        let fresh = try await cycle.run(logger: Logger(label: "test"))
        #expect(fresh.historyProblem == nil)

        // Another connection holds the write lock: every write of the store times out.
        let blocker = try DatabaseQueue(path: root + "/history.sqlite")
        let locked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? blocker.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                release.wait()
                try db.execute(sql: "ROLLBACK")
            }
        }
        locked.wait()
        do {
            clock.withLock { $0 = start.addingTimeInterval(54) }
            let result = try await cycle.run(logger: Logger(label: "test"))
            #expect(result.historyProblem?.hasPrefix("history not written") == true)
            #expect(result.changedFiles.contains("summary.json"), "the outputs were rendered again")
            let summary =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: root + "/out/summary.json"))) as! [String: Any]
            #expect(summary["stale"] as? Bool == true, "54 s after a snapshot with a 10 s window")
            #expect(summary["ageSeconds"] as? Double == 54)
            #expect((summary["problem"] as? String)?.contains("history not written") == true)
            let badge = try String(contentsOfFile: root + "/out/badge.json", encoding: .utf8)
            #expect(badge.contains("stale"))
        }
        release.signal()
        try await blocker.read { _ in }
        clock.withLock { $0 = start.addingTimeInterval(60) }
        let recovered = try await cycle.run(logger: Logger(label: "test"))
        #expect(recovered.historyProblem == nil)
    }

    /// The banner's reason is in the household's words; the file and what SQLite said stay as they are.
    @Test func aStandInHistoryIsToldInTheHouseholdsLanguage() async throws {
        let root = try TemporaryFolder.make("history-stand-in")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var settings = RenderSettings()
        settings.outputDirectory = root + "/out"
        settings.wording = try #require(Wording(locale: "de-DE"))
        let cause = HistoryError.full(path: root + "/state/history.sqlite", message: "database or disk is full")
        let history = try HistoryStore.standIn(for: root + "/state/history.sqlite", retention: RetentionPolicy(), because: cause)
        defer {
            history.close()
            if let folder = history.standIn?.folder { try? FileManager.default.removeItem(atPath: folder) }
        }
        let cycle = WatchCycle(
            renderer: OutputRenderer(settings: settings, tiles: nil), input: .producer { SampleSnapshot.snapshot },
            history: history, clock: { SampleSnapshot.snapshot.generatedAt })
        let logged = try #require(try await cycle.run(logger: Logger(label: "test")).historyProblem)
        #expect(logged.hasPrefix("the history in \(root)/state/history.sqlite cannot be used"), "the log and /healthz: English")
        let summary =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/out/summary.json"))) as! [String: Any]
        let problem = try #require(summary["problem"] as? String)
        #expect(problem.hasPrefix("der Verlauf in \(root)/state/history.sqlite ist nicht nutzbar"), "\(problem)")
        #expect(problem.contains("der Datenträger ist voll (database or disk is full)"), "\(problem)")
        #expect(history.standIn?.description.hasPrefix("the history in") == true, "the log's words stay English")
        // In Arabic the paths and SQLite's English keep reading left to right ("tmp/ro-/state" otherwise).
        let arabicWording = try #require(Wording(locale: "ar-EG"))
        let arabic = try #require(history.standIn?.worded(arabicWording))
        #expect(
            arabic.contains("\u{2066}\(root)/state/history.sqlite\u{2069}") && arabic.contains("\u{2066}database or disk is full\u{2069}"))
        #expect(!problem.contains("\u{2066}"), "no isolates where the text runs left to right anyway")
    }
}
