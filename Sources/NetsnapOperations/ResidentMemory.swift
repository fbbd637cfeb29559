import CGlibcMalloc
import Foundation

/// Memory settings for the commands that run for months (`watch`, `serve`).
public enum ResidentMemory {
    /// Large buffers (a tile's pixels, a PNG's rows: 0.3–4 MB each cycle) go straight to
    /// the kernel and back instead of staying in malloc's heaps, which glibc otherwise
    /// keeps growing its threshold for: over 300 one-second watch cycles the anonymous
    /// memory stayed at 6.7–7.3 MB with these settings against 10–14.6 MB without, for a
    /// page fault or two per megabyte drawn.
    public static func returnLargeBuffersToTheSystem() {
        let threshold: Int32 = 128 * 1024
        mallopt(M_MMAP_THRESHOLD, threshold)
        mallopt(M_TRIM_THRESHOLD, threshold)
    }

    /// Gives back the executable's pages still backed by its file (`MADV_PAGEOUT`); the ones a
    /// cycle uses come back on its next run, the rest — argument parsing, configuration,
    /// schema setup, first-time work — stay out. Called once, after the first cycle: of the
    /// static binary's 36 MB of code, 28 MB stayed resident over 600 cycles of `serve --watch
    /// --sample` (each fault maps its 64 KB neighbourhood), against 20 MB that a cycle touches
    /// again; its data segment held 3.8 MB read once and never written (docs/performance.md).
    /// Only pages the file backs (`/proc/self/pagemap`): clean, they cost no write to give
    /// back. The ones relocated or written at start are the process's own, and would go to
    /// swap — on a Pi, often the SD card. A kernel without `MADV_PAGEOUT` (before 5.4)
    /// refuses it and nothing changes.
    public static func releasePagesUsedOnlyAtStart() {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        else { return }
        let pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        defer { if pagemap >= 0 { close(pagemap) } }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5] == executable else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0] else { continue }
            let writable = fields[1].contains("w")
            for run in runsToGiveBack(from: bounds[0], to: bounds[1], writable: writable, pagemap: pagemap) {
                _ = madvise(UnsafeMutableRawPointer(bitPattern: run.lowerBound), Int(run.upperBound - run.lowerBound), MADV_PAGEOUT)
            }
        }
    }

    /// What of one mapping to give back: its file-backed pages; without pagemap (`pagemap`
    /// < 0: a kernel built without it), a read-only mapping whole, as before pagemap was read.
    static func runsToGiveBack(from start: UInt, to end: UInt, writable: Bool, pagemap: Int32) -> [Range<UInt>] {
        guard pagemap >= 0 else { return writable ? [] : [start..<end] }
        return fileBackedRuns(from: start, to: end, pagemap: pagemap)
    }

    /// The address ranges of resident pages in `start..<end` that the file still backs:
    /// pagemap's entry per page has bit 63 set when present, bit 61 when a file page (or
    /// shared memory); a page copied on write is neither file nor shared.
    static func fileBackedRuns(from start: UInt, to end: UInt, pagemap: Int32) -> [Range<UInt>] {
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let count = Int((end - start) / pageSize)
        var entries = [UInt64](repeating: 0, count: count)
        let bytes = entries.withUnsafeMutableBytes { pread(pagemap, $0.baseAddress, $0.count, off_t(start / pageSize * 8)) }
        guard bytes == count * 8 else { return [] }
        let fileBacked: UInt64 = 1 << 63 | 1 << 61
        var runs: [Range<UInt>] = []
        var runStart: UInt?
        for index in 0...count {
            let address = start + UInt(index) * pageSize
            let backed = index < count && entries[index] & fileBacked == fileBacked
            if backed, runStart == nil { runStart = address }
            if !backed, let first = runStart {
                runs.append(first..<address)
                runStart = nil
            }
        }
        return runs
    }
}
