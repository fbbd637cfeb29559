import CGlibcMalloc

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
}
