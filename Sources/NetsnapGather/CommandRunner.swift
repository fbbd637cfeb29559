import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the read-only helper commands (`ip -j neigh`, `iw dev IF link`, `wpa_cli status`)
/// with a time limit, off the cooperative pool.
enum CommandRunner {
    /// A finished command.
    struct Output: Sendable {
        let status: Int32
        let standardOutput: [UInt8]
        let standardError: String
    }

    /// Why a command gave no output, worded for a note.
    enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case failed(String, String)
        case timedOut(String)

        var description: String {
            switch self {
            case .notFound(let command): return "\(command) not found"
            case .failed(let command, let reason): return "\(command) failed: \(reason)"
            case .timedOut(let command): return "\(command) did not finish in time"
            }
        }
    }

    /// Runs `command` (a path, or a name searched in PATH and the sbin directories). A non-zero
    /// exit is a failure unless `acceptingFailure` (a command that explains itself on stdout).
    static func run(
        _ command: String, _ arguments: [String], timeout: Double = 2, acceptingFailure: Bool = false
    ) async throws(Failure) -> Output {
        guard let executable = locate(command) else { throw .notFound(command) }
        let display = ([command] + arguments).joined(separator: " ")
        let processID = Mutex<Int32>(0)
        let outcome = await BlockingCall.run(until: .now + .seconds(timeout)) { () -> Result<Output, Failure> in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            do { try process.run() } catch { return .failure(.failed(display, "\(error)")) }
            processID.withLock { $0 = process.processIdentifier }
            let bytes = output.fileHandleForReading.readDataToEndOfFile()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return .success(Output(status: process.terminationStatus, standardOutput: Array(bytes), standardError: errorText))
        }
        guard let outcome else {
            let pid = processID.withLock { $0 }
            if pid > 0 { kill(pid, SIGKILL) }
            throw .timedOut(display)
        }
        let result = try outcome.get()
        guard acceptingFailure || result.status == 0 else {
            let reason = result.standardError.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
            throw .failed(display, reason)
        }
        return result
    }

    /// The executable for `command`; nil when it is not installed.
    static func locate(_ command: String) -> String? {
        if command.contains("/") { return access(command, X_OK) == 0 ? command : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]
        return directories.map { "\($0)/\(command)" }.first { access($0, X_OK) == 0 }
    }
}
