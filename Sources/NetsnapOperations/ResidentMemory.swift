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

    /// Gives back the executable's read-only pages (`MADV_PAGEOUT`); the ones a cycle uses
    /// come back on its next run, the rest — argument parsing, configuration, schema setup,
    /// first-time work — stay out. Called once, after the first cycle: of the static
    /// binary's 36 MB of code, 28 MB stayed resident over 600 cycles of `serve --watch
    /// --sample` (each fault maps its 64 KB neighbourhood), against 20 MB that a cycle
    /// touches again (docs/performance.md). Clean file pages cost no write; a kernel
    /// without `MADV_PAGEOUT` (before 5.4) refuses it and nothing changes.
    public static func releasePagesUsedOnlyAtStart() {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        else { return }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5] == executable, !fields[1].contains("w") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0], let start = UnsafeMutableRawPointer(bitPattern: bounds[0]) else {
                continue
            }
            _ = madvise(start, Int(bounds[1] - bounds[0]), MADV_PAGEOUT)
        }
    }
}
