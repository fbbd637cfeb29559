import Foundation
import NetsnapTestSupport
import Testing

@testable import NetsnapRender

/// Temporary files a killed writer left behind are removed; nothing else is touched.
@Suite struct AtomicFileWriterTests {
    private let now = Date()

    private func touch(_ path: String, age: TimeInterval = 0) throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        let date = now.addingTimeInterval(-age)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }

    /// A PID no process has: above the kernel's `pid_max` limit.
    private let goneProcess: Int32 = 2_147_483_600

    @Test func removesLeftoversOfGoneProcessesAndOldOnes() throws {
        let directory = try TemporaryFolder.make("writer", subfolders: ["tiles"])
        let ours = getpid()
        try touch("\(directory)/.widgets.json.\(goneProcess).tmp")
        try touch("\(directory)/tiles/.small@2x-dark.png.\(goneProcess).tmp")
        try touch("\(directory)/.badge.json.\(ours).tmp", age: 600)
        try touch("\(directory)/.summary.json.\(ours).tmp", age: 5)
        for keep in [".hidden", "notes.tmp", ".no-pid.tmp", ".x.12a.tmp", "..1.tmp", "widgets.json"] {
            try touch("\(directory)/\(keep)", age: 3_600)
        }
        let removed = AtomicFileWriter(directory: directory).removeLeftovers(in: ["", "tiles"], now: now)
        #expect(
            removed == [
                "\(directory)/.badge.json.\(ours).tmp", "\(directory)/.widgets.json.\(goneProcess).tmp",
                "\(directory)/tiles/.small@2x-dark.png.\(goneProcess).tmp",
            ])
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        // A running process's fresh temporary file may be a write in progress: it stays.
        #expect(
            left == ["..1.tmp", ".hidden", ".no-pid.tmp", ".summary.json.\(ours).tmp", ".x.12a.tmp", "notes.tmp", "tiles", "widgets.json"])
    }

    @Test func writingCleansTheFoldersItWritesInto() throws {
        let directory = try TemporaryFolder.make("writer", subfolders: ["tiles"])
        try touch("\(directory)/.badge.json.\(goneProcess).tmp")
        try touch("\(directory)/tiles/.medium.png.\(goneProcess).tmp")
        try AtomicFileWriter(directory: directory).write([OutputFile(path: "tiles/small.png", bytes: [1, 2, 3])])
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/tiles/.medium.png.\(goneProcess).tmp"))
        // Only the folders written into are listed: the top one waits for a write there (or the next start).
        #expect(FileManager.default.fileExists(atPath: "\(directory)/.badge.json.\(goneProcess).tmp"))
        try AtomicFileWriter(directory: directory).write([OutputFile(path: "badge.json", bytes: [1])])
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/.badge.json.\(goneProcess).tmp"))
    }

    /// A batch is written whole or not at all: when one file cannot be written, none of the
    /// others is renamed into place and no temporary is left; unchanged files are not written.
    @Test func aBatchThatCannotBeWrittenChangesNothing() throws {
        let directory = try TemporaryFolder.make("writer")
        let writer = AtomicFileWriter(directory: directory)
        #expect(
            try writer.write([OutputFile(path: "a.json", bytes: [1]), OutputFile(path: "b.json", bytes: [2])]) == ["a.json", "b.json"])
        try touch("\(directory)/blocked")
        #expect(throws: OutputWriteError.self) {
            try writer.write([
                OutputFile(path: "a.json", bytes: [3]), OutputFile(path: "blocked/c.json", bytes: [4]),
                OutputFile(path: "d.json", bytes: [5]),
            ])
        }
        #expect(FileManager.default.contents(atPath: "\(directory)/a.json") == Data([1]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.json", "b.json", "blocked"])
        #expect(try writer.write([OutputFile(path: "a.json", bytes: [1]), OutputFile(path: "b.json", bytes: [6])]) == ["b.json"])
        #expect(FileManager.default.contents(atPath: "\(directory)/b.json") == Data([6]))
    }

    /// The flush guards old files against their new bytes not being on disk yet: a batch that
    /// replaces one flushes, a batch that only creates files (a first render) does not.
    @Test func onlyABatchThatReplacesAFileFlushes() throws {
        let directory = try TemporaryFolder.make("writer")
        let writer = AtomicFileWriter(directory: directory)
        let first = try writer.writeAll([OutputFile(path: "a.json", bytes: [1]), OutputFile(path: "tiles/b.png", bytes: [2])])
        #expect(first.changed == ["a.json", "tiles/b.png"] && !first.flushed)
        let added = try writer.writeAll([OutputFile(path: "a.json", bytes: [1]), OutputFile(path: "tiles/c.png", bytes: [3])])
        #expect(added.changed == ["tiles/c.png"] && !added.flushed)
        let replaced = try writer.writeAll([OutputFile(path: "tiles/b.png", bytes: [4]), OutputFile(path: "d.json", bytes: [5])])
        #expect(replaced.changed == ["tiles/b.png", "d.json"] && replaced.flushed)
        #expect(FileManager.default.contents(atPath: "\(directory)/tiles/b.png") == Data([4]))
        #expect(FileManager.default.contents(atPath: "\(directory)/tiles/c.png") == Data([3]))
    }

    @Test func outputFoldersAreTheDirectoryAndItsSubfolders() throws {
        let directory = try TemporaryFolder.make("writer", subfolders: ["tiles"])
        try touch("\(directory)/widgets.json")
        #expect(AtomicFileWriter(directory: directory).outputFolders == ["", "tiles"])
    }

    @Test func theTemporaryNameParses() {
        #expect(AtomicFileWriter.writerPID(ofTemporary: ".widgets.json.4242.tmp") == 4242)
        #expect(AtomicFileWriter.writerPID(ofTemporary: ".a.1.tmp") == 1)
        #expect(AtomicFileWriter.writerPID(ofTemporary: "..1.tmp") == nil)
        #expect(AtomicFileWriter.writerPID(ofTemporary: ".widgets.json.tmp") == nil)
        #expect(AtomicFileWriter.writerPID(ofTemporary: "widgets.json.42.tmp") == nil)
        #expect(AtomicFileWriter.writerPID(ofTemporary: ".w.٤٢.tmp") == nil)
    }
}
