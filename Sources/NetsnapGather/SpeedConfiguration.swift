import NetsnapModel
import NetsnapSettings

/// What measures the internet line's speed (the `speed:` section): an iperf3 server the user
/// names, a speed-test tool netsnap runs, the JSON file such a tool writes, or Speedtest
/// Tracker's API. Nothing is measured unless configured, and never on every cycle.
public struct SpeedConfiguration: Sendable, Equatable {
    /// Where a result comes from.
    public enum Source: Sendable, Equatable {
        /// Two `iperf3 --json` runs against `host:port`, `seconds` each way.
        case iperf3(host: String, port: Int, seconds: Double)
        /// A tool netsnap runs; its standard output is a report in `format`.
        case command([String], format: SpeedReportFormat)
        /// A report a tool writes on its own schedule (cron, a timer), read when it changes.
        case file(String, format: SpeedReportFormat)
        /// Speedtest Tracker's latest result (`…/api/v1/results/latest`), with its API token.
        case url(String, token: String?)
    }

    public var source: Source
    /// The least time between two measurements (runs and API reads alike).
    public var intervalMinutes: Double
    /// The longest a run may take before it is stopped.
    public var timeoutSeconds: Double
    /// A result whose slower direction is under this many Mbps counts as short; nil: no alert.
    public var alertBelowMbps: Double?
    /// This many short results in a row raise the `speedLow` event.
    public var alertAfterRuns: Int

    /// Runs load the line, so they are rare by default (four a day); reading what another
    /// tool measured costs nothing on the line, so it is checked every quarter hour.
    public static func defaultInterval(for source: Source) -> Double {
        switch source {
        case .iperf3, .command: 360
        case .file, .url: 15
        }
    }

    public init(
        source: Source, intervalMinutes: Double? = nil, timeoutSeconds: Double = 120, alertBelowMbps: Double? = nil,
        alertAfterRuns: Int = 3
    ) {
        self.source = source
        self.intervalMinutes = intervalMinutes ?? Self.defaultInterval(for: source)
        self.timeoutSeconds = timeoutSeconds
        self.alertBelowMbps = alertBelowMbps
        self.alertAfterRuns = alertAfterRuns
    }

    /// The alert the event detector holds results to; nil without `alertBelowMbps`.
    public var alert: SpeedAlert? { alertBelowMbps.map { SpeedAlert(belowMbps: $0, afterRuns: alertAfterRuns) } }

    /// The `speed:` section, read strictly: exactly one of `iperf3`, `command`, `file`, `url`.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkDocumentedKeys()
        let format = try reader.string("format").map { name throws(ConfigurationError) -> SpeedReportFormat in
            guard let format = SpeedReportFormat(rawValue: name) else {
                throw reader.error("format", "expected one of \(SpeedReportFormat.names), found \"\(name)\"")
            }
            return format
        }
        var sources: [Source] = []
        if let host = try reader.string("iperf3") {
            let port = try reader.integer("port", in: 1...65_535) ?? 5201
            sources.append(.iperf3(host: host, port: port, seconds: try reader.number("seconds", in: 1...60) ?? 5))
        }
        if let command = try reader.strings("command") {
            guard let format, !command.isEmpty else {
                throw reader.error("command", "needs `format` (\(SpeedReportFormat.names)) and a program to run")
            }
            sources.append(.command(command, format: format))
        }
        if let file = try reader.string("file") {
            guard let format else { throw reader.error("file", "needs `format` (\(SpeedReportFormat.names))") }
            sources.append(.file(file, format: format))
        }
        if let url = try reader.string("url") {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw reader.error("url", "expected an http:// or https:// URL, found \"\(url)\"")
            }
            sources.append(.url(url, token: try reader.string("token")))
        }
        guard sources.count == 1, let source = sources.first else {
            throw reader.error("", "expected exactly one of iperf3, command, file or url, found \(sources.count)")
        }
        self.init(
            source: source, intervalMinutes: try reader.number("intervalMinutes", in: 1...10_080),
            timeoutSeconds: try reader.number("timeout", in: 1...3_600) ?? 120,
            alertBelowMbps: try reader.number("alertBelowMbps", in: 0...10_000_000),
            alertAfterRuns: try reader.integer("alertAfterRuns", in: 1...100) ?? 3)
    }

    /// The text of a `speed:` section alone (YAML or JSON), named `file` in errors: what the
    /// namespace lab's runner and the tests hand in.
    public static func parse(section text: String, file: String) throws(ConfigurationError) -> SpeedConfiguration {
        try SpeedConfiguration(reading: try ConfigurationReader(yaml: text, file: file, keys: KeyCatalogue(keys), at: "speed"))
    }
}
