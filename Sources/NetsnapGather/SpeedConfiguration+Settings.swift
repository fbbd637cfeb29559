import NetsnapSettings

/// The `speed:` section's keys, declared by the module that measures.
extension SpeedConfiguration {
    /// The `speed` keys, in the order docs/configuration.md gives them.
    public static let keys: [ConfigurationKey] = [
        .init(
            "speed", .section, note: "not set: never measured",
            "The internet line's speed: exactly one of iperf3, command, file or url. Results go to the history, the outputs, /metrics and MQTT."
        ),
        .init("speed.iperf3", .string, note: "none", "An iperf3 server (`iperf3 -s`) to measure against, download then upload."),
        .init("speed.port", .integer, default: "5201", "The iperf3 server's port."),
        .init("speed.seconds", .number, default: "5", unit: "seconds", "How long iperf3 measures each way (1–60)."),
        .init(
            "speed.command", .list, note: "none",
            "A speed-test program netsnap runs, with its arguments (e.g. [speedtest, --format=json, --accept-license]); needs `format`."),
        .init("speed.file", .string, note: "none", "A report another tool writes (cron, a timer); read when it changes; needs `format`."),
        .init("speed.format", .string, note: "none", "The report's format: ookla, librespeed, speedtest-tracker, iperf3."),
        .init("speed.url", .string, note: "none", "Speedtest Tracker's latest result: http://HOST/api/v1/results/latest."),
        .init("speed.token", .string, note: "none", secret: true, "Speedtest Tracker's API token (sent as a bearer token)."),
        .init(
            "speed.intervalMinutes", .number, note: "360 for iperf3 and command, 15 for file and url", unit: "minutes",
            "The least time between two measurements or reads."),
        .init("speed.timeout", .number, default: "120", unit: "seconds", "The longest a run or read may take."),
        .init(
            "speed.alertBelowMbps", .number, note: "none: no alert", unit: "Mbps",
            "A result whose slower direction is below this is short of the line's promise."),
        .init("speed.alertAfterRuns", .integer, default: "3", "Short results in a row that raise the speedLow event."),
    ]
}
