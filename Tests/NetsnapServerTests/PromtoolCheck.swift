import Foundation

/// `promtool check metrics` on an exposition, when promtool is installed: the format and
/// Prometheus's naming rules (units as suffixes, base units) as Prometheus itself judges them.
enum PromtoolCheck {
    /// What promtool objected to; nil when it found nothing or is not installed.
    static func problems(_ exposition: String) throws -> String? {
        let candidates = ["/usr/bin/promtool", "/usr/local/bin/promtool"]
        guard let promtool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: promtool)
        process.arguments = ["check", "metrics"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(exposition.utf8))
        try input.fileHandleForWriting.close()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 && report.isEmpty ? nil : report
    }
}
