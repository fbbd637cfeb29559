import Foundation
import NetsnapJSON
import NetsnapModel

/// One measurement from the configured source: runs iperf3 or the user's tool, reads the
/// report file, or asks Speedtest Tracker. Off the cooperative pool where it blocks.
enum SpeedMeasurement {
    /// Why there is no new result, worded for the log.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func measure(_ configuration: SpeedConfiguration, now: Date) async throws(Failure) -> SpeedResult {
        let timeout = configuration.timeoutSeconds
        switch configuration.source {
        case .iperf3(let host, let port, let seconds):
            let download = try await iperf3(host: host, port: port, seconds: seconds, reverse: true, timeout: timeout)
            let upload = try await iperf3(host: host, port: port, seconds: seconds, reverse: false, timeout: timeout)
            return IPerf3Report.combined(download: download, upload: upload, fallbackDate: now)
        case .command(let command, let format):
            let output = try await run(command[0], Array(command.dropFirst()), timeout: timeout)
            return try read(output, format: format, now: now)
        case .file(let path, let format):
            guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "\(path): cannot be read") }
            do {
                return try format.read(Array(data), fallbackDate: now)
            } catch {
                throw Failure(description: "\(path): \(error)")
            }
        case .url(let url, let token):
            return try read(try await fetch(url, token: token, timeout: timeout), format: .speedtestTracker, now: now)
        }
    }

    private static func read(_ bytes: [UInt8], format: SpeedReportFormat, now: Date) throws(Failure) -> SpeedResult {
        do {
            return try format.read(bytes, fallbackDate: now)
        } catch {
            throw Failure(description: error.description)
        }
    }

    private static func iperf3(
        host: String, port: Int, seconds: Double, reverse: Bool, timeout: Double
    ) async throws(Failure) -> IPerf3Report {
        var arguments = ["--client", host, "--port", "\(port)", "--json", "--time", "\(seconds)"]
        if reverse { arguments.append("--reverse") }
        // iperf3 exits non-zero on failure but still writes its JSON, whose `error` says why.
        let output: CommandRunner.Output
        do {
            output = try await CommandRunner.run("iperf3", arguments, timeout: timeout, acceptingFailure: true)
        } catch {
            throw Failure(description: error.description)
        }
        guard let root = try? JSONParser.parse(output.standardOutput) else {
            let reason = output.standardError.split(separator: "\n").first.map(String.init) ?? "exit status \(output.status)"
            throw Failure(description: "iperf3 wrote no report: \(reason)")
        }
        do {
            return try IPerf3Report(SpeedReportReader(root: root, format: .iperf3))
        } catch {
            throw Failure(description: error.description)
        }
    }

    private static func run(_ command: String, _ arguments: [String], timeout: Double) async throws(Failure) -> [UInt8] {
        do {
            return try await CommandRunner.run(command, arguments, timeout: timeout).standardOutput
        } catch {
            throw Failure(description: error.description)
        }
    }

    private static func fetch(_ text: String, token: String?, timeout: Double) async throws(Failure) -> [UInt8] {
        guard let url = URL(string: text), let host = url.host, let scheme = url.scheme else {
            throw Failure(description: "\(text) is not a URL")
        }
        do {
            let address = try await NameResolver.resolve(host, timeout: timeout)[0]
            let path = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?\($0)" } ?? "")
            var headers = [(name: "Accept", value: "application/json")]
            if let token { headers.append((name: "Authorization", value: "Bearer \(token)")) }
            let exchange = try await HTTPProbe.get(
                scheme: scheme, host: host, address: address, port: UInt16(url.port ?? (scheme == "https" ? 443 : 80)), path: path,
                timeout: timeout, readBody: true, headers: headers)
            guard (200..<300).contains(exchange.status) else { throw Failure(description: "\(text): HTTP \(exchange.status)") }
            return exchange.body
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(text): \(error)")
        }
    }
}
