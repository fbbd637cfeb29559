import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A network-namespace lab built by `Lab/lab.sh` for one test: unique namespace names,
/// torn down in `deinit` even when the test fails. See lab.sh for the addresses.
final class NamespaceLab {
    let prefix: String
    let workDirectory: String

    /// Root with a working `ip netns`; namespace tests skip elsewhere.
    static let isPermitted: Bool = {
        guard getuid() == 0, let ip = locate("ip"), locate("python3") != nil, locate("openssl") != nil else { return false }
        let probe = "gatherprobe\(getpid())"
        guard shell([ip, "netns", "add", probe]).status == 0 else { return false }
        _ = shell([ip, "netns", "del", probe])
        return true
    }()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lab/lab.sh").path

    /// Builds the lab with `many` addresses answering from one host.
    init(many: Int = 60) throws {
        prefix = "gl" + String(UInt32.random(in: 0...0xFFFFF), radix: 16)
        workDirectory = NSTemporaryDirectory() + "netsnap-\(prefix)"
        let result = Self.shell(["/bin/bash", Self.script, "up", prefix, workDirectory, String(many)])
        guard result.status == 0 else {
            _ = Self.shell(["/bin/bash", Self.script, "down", prefix])
            throw LabError(message: "lab.sh up failed: \(result.error)")
        }
        print("namespace lab \(prefix) is up: these tests ran in network namespaces")
    }

    deinit {
        _ = Self.shell(["/bin/bash", Self.script, "down", prefix])
        try? FileManager.default.removeItem(atPath: workDirectory)
    }

    /// Runs `command` inside the namespace `PREFIX-host`.
    func run(in host: String, _ command: [String]) -> (status: Int32, output: String, error: String) {
        Self.shell(["ip", "netns", "exec", "\(prefix)-\(host)"] + command)
    }

    /// Writes `text` into the lab's work directory and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = "\(workDirectory)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The lab runner built beside the test bundle.
    static var runnerPath: String? {
        let candidates = [CommandLine.arguments[0], (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
        return candidates.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("GatherLabRunner").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct LabError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs a command to completion with posix_spawn; output goes through files so neither
    /// can fill a pipe. (Foundation's Process detects the exit through a descriptor that
    /// lab.sh's background servers would inherit, and would then wait forever.)
    static func shell(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let executable = arguments[0].contains("/") ? arguments[0] : locate(arguments[0]) ?? arguments[0]
        let outputPath = NSTemporaryDirectory() + "lab-out-\(UUID().uuidString)"
        let errorPath = outputPath + ".err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments.dropFirst()).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        guard spawned == 0 else { return (-1, "", "cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let exitStatus: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, read(outputPath), read(errorPath))
    }

    static func locate(_ command: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
