import ArgumentParser
import Foundation
import NetsnapBuild

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
        print("devices   input MB   parse ms  validate ms  widgets ms   json ms   total ms     MB/s")
        for result in try DecodeBenchmark.run(deviceCounts: devices) {
            print(
                String(
                    format: "%7d  %9.2f  %9.2f  %11.2f  %10.2f  %8.2f  %9.2f  %7.1f", result.devices,
                    Double(result.inputBytes) / 1_000_000, result.parseMs, result.validateMs, result.widgetsMs, result.jsonMs,
                    result.totalMs, result.megabytesPerSecond))
        }
        print("\npages      devices   pages ms   widgets+pages ms   index.html KB   medium.html KB")
        for result in try PageBenchmark.run(deviceCounts: pageDevices) {
            print(
                result.label.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + String(
                        format: "  %7d  %9.2f  %17.2f  %14.1f  %15.1f", result.devices, result.pagesMs,
                        result.widgetsAndPagesMs, Double(result.indexBytes) / 1000, Double(result.mediumBytes) / 1000))
        }
    }
}
