import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sweep's one-line progress on a terminal: rewritten in place on stderr at most ten
/// times a second, and only when stderr is a TTY (never into logs or pipes).
final class SweepProgress {
    private let subnet: IPv4Subnet
    private let total: Int
    private let enabled: Bool
    private var lastDrawn: ContinuousClock.Instant?
    private var line = ""

    init(subnet: IPv4Subnet, total: Int, enabled: Bool) {
        self.subnet = subnet
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    func update(probed: Int, answered: Int) {
        guard enabled else { return }
        line = "sweep \(subnet): \(probed)/\(total) probed, \(answered) answered"
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    /// Leaves the final counts on their own line.
    func finish() {
        guard enabled, !line.isEmpty else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line + "\n").utf8))
    }
}
