import ArgumentParser
import NetsnapApp

/// `netsnap bench`: time decode → widgets → JSON at growing sizes (use a release build).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark decode → widgets → JSON for 10, 1,000 and 100,000 devices.",
        discussion: "Build with `swift build -c release` first; debug builds are far slower."
    ).subcommandOfNetsnap

    @Option(parsing: .upToNextOption, help: "Device counts to measure.")
    var devices: [Int] = [10, 1_000, 100_000]

    @Option(parsing: .upToNextOption, help: "Device counts for the HTML pages benchmark (besides the sample).")
    var pageDevices: [Int] = [10_000]

    func run() async throws {
        try BenchJob(devices: devices, pageDevices: pageDevices).run()
    }
}
