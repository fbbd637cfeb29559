import Foundation

/// A real Mosquitto broker (Debian's `mosquitto`) on a free loopback port, without
/// persistence, started and stopped by a test; and `mosquitto_sub` to read what it retains.
final class MosquittoBroker: @unchecked Sendable {
    // @unchecked: used from one test at a time; the process handle is only touched by it.
    private(set) var port: Int
    private let folder: URL
    private var process: Process?

    static let executable = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// On a port of its own choosing the broker gets three tries: a port found free may be
    /// taken (by another suite's server or an outgoing connection) before mosquitto binds it.
    init(port: Int? = nil) async throws {
        self.port = try port ?? Self.freePort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for attempt in 1...3 {
            try """
            listener \(self.port) 127.0.0.1
            allow_anonymous true
            persistence false
            log_dest none
            """.write(to: folder.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
            do {
                try await start()
                return
            } catch let error as BrokerError where error.exited && port == nil && attempt < 3 {
                self.port = try Self.freePort()
            }
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the broker (again) and waits until it accepts connections. Waits are async:
    /// blocking one of the two threads Swift's tasks run on here would starve other suites.
    func start() async throws {
        guard let executable = Self.executable else { throw BrokerError("mosquitto is not installed (scripts/setup.sh installs it)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", folder.appendingPathComponent("mosquitto.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // Checked once more after every wait: with the threads busy with other suites' drawing,
        // one wait can outlast the deadline.
        let deadline = Date().addingTimeInterval(30)
        while true {
            if Self.accepts(port: port) { return }
            guard process.isRunning else {
                self.process = nil
                throw BrokerError("mosquitto exited (status \(process.terminationStatus)) before listening on \(port)", exited: true)
            }
            guard Date() < deadline else { throw BrokerError("mosquitto did not listen on \(port)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Stops the broker; with persistence off, everything it retained is gone.
    func stop() {
        guard let process, process.isRunning else { return }
        // SIGKILL: SIGTERM may be blocked in the mask the broker inherited (see `retained`).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// The retained messages under `filters`, by topic, as mosquitto_sub receives them within
    /// `seconds`. The test runner's threads block SIGALRM and SIGTERM, and a child inherits that
    /// mask, so mosquitto_sub's own `-W` timer never fires: it is line-buffered and killed instead.
    func retained(_ filters: [String] = ["#"], seconds: Double = 1) async throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        process.arguments =
            ["-oL", "/usr/bin/mosquitto_sub", "-h", "127.0.0.1", "-p", String(port), "--retained-only", "-F", "%t\t%p"]
            + filters.flatMap { ["-t", $0] }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await Task.sleep(for: .seconds(seconds))
        kill(process.processIdentifier, SIGKILL)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var messages: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            messages[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return messages
    }

    /// Reads the retained messages until `condition` holds or `timeout` passes; the last reading.
    func waitForRetained(timeout: TimeInterval = 15, _ condition: ([String: String]) -> Bool) async throws -> [String: String] {
        let deadline = Date().addingTimeInterval(timeout)
        var messages = try await retained()
        while !condition(messages) && Date() < deadline { messages = try await retained() }
        return messages
    }

    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

struct BrokerError: Error, CustomStringConvertible {
    let description: String
    /// The broker stopped by itself (a port taken, say) rather than never answering.
    let exited: Bool
    init(_ description: String, exited: Bool = false) {
        self.description = description
        self.exited = exited
    }
}
