import Foundation

/// What the kernel says about this process, for the standard Prometheus `process_*`
/// metrics: an unattended server's memory, CPU time and open files, graphed over months.
/// Resident memory is split because most of it is shared library and font pages, which
/// grow as code is first touched and which the kernel can drop; a leak grows the
/// anonymous part.
struct ProcessReading: Equatable {
    var residentBytes: Double
    var anonymousResidentBytes: Double
    var virtualBytes: Double
    var cpuSeconds: Double
    var startTimeSeconds: Double
    var openFileDescriptors: Int

    /// Reads `/proc/self`; nil where there is none (not Linux) or it cannot be read.
    static func current() -> ProcessReading? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        else { return nil }
        return ProcessReading(
            status: status, stat: stat, systemStat: system, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))),
            openFileDescriptors: descriptors.count)
    }
}

extension ProcessReading {
    /// Parses `/proc/self/status` (`VmRSS`, `RssAnon`, `VmSize`), `/proc/self/stat` (CPU
    /// time and start time in clock ticks) and `/proc/stat` (`btime`, the boot time).
    init?(status: String, stat: String, systemStat: String, ticksPerSecond: Double, openFileDescriptors: Int) {
        func kilobytes(_ key: String) -> Double? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
                let value = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Double($0) })
            else { return nil }
            return value * 1024
        }
        // The command name in parentheses may hold spaces: fields count from the last ")".
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3 of proc(5); utime 14, stime 15, starttime 22.
        func ticks(_ field: Int) -> Double? { fields.count > field - 3 ? Double(fields[field - 3]) : nil }
        guard let resident = kilobytes("VmRSS"), let anonymous = kilobytes("RssAnon"), let virtual = kilobytes("VmSize"),
            let userTicks = ticks(14), let systemTicks = ticks(15), let startTicks = ticks(22), ticksPerSecond > 0,
            let bootLine = systemStat.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
            let bootTime = Double(bootLine.dropFirst("btime ".count))
        else { return nil }
        residentBytes = resident
        anonymousResidentBytes = anonymous
        virtualBytes = virtual
        cpuSeconds = (userTicks + systemTicks) / ticksPerSecond
        startTimeSeconds = bootTime + startTicks / ticksPerSecond
        self.openFileDescriptors = openFileDescriptors
    }
}
