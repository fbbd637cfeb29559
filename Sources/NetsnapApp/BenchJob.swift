import Foundation
import NetsnapBenchmarks

/// `netsnap bench`: decode → widgets → JSON, and the pages, timed at growing sizes.
public struct BenchJob: Sendable {
    public var devices: [Int]
    public var pageDevices: [Int]

    public init(devices: [Int], pageDevices: [Int]) {
        self.devices = devices
        self.pageDevices = pageDevices
    }

    /// Runs both benchmarks, printing a table for each.
    public func run() throws(ApplicationFailure) {
        do {
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
        } catch {
            throw ApplicationFailure(.renderFailed, "error: benchmark failed: \(error)")
        }
    }
}
