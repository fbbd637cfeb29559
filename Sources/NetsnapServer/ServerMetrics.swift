import HTTPTypes
import NIOConcurrencyHelpers
import NetsnapDisplays
import NetsnapModel
import NetsnapPush
import NetsnapRender
import NetsnapWatch
import NetsnapWidgets
import Prometheus

/// The Prometheus registry behind `/metrics`: the server's own request metrics, the health
/// gauges, the watch loop's counters copied from its `WatchMonitor`, and the standard
/// `process_*` metrics read from the kernel at each scrape.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    let requestDuration: DurationHistogram
    let healthy: Gauge
    let lastSuccess: Gauge
    let dataAge: Gauge
    /// Request counters by label values, so the hot path skips the registry's name checks.
    private let requestCounters = NIOLockedValueBox<[RequestLabels: Counter]>([:])

    private let watch: WatchMetrics
    /// The watch reading last copied, so counters grow by the difference.
    private let exportedReading = NIOLockedValueBox<WatchMonitor.Reading?>(nil)

    private struct WatchMetrics {
        let cyclesSucceeded: Counter
        let cyclesFailed: Counter
        let cycleSeconds: Counter
        let lastCycleSeconds: Gauge
        let filesWritten: Counter
        let targetsOnline: Gauge
        let targetsOffline: Gauge
    }

    private let process: ProcessMetrics
    private let network: NetworkMetrics
    private let speed: SpeedMetrics
    private let push: PushMetrics
    private let displays: DisplayMetrics
    /// The CPU time last exported, so the counter grows by the difference.
    private let exportedCPUSeconds = NIOLockedValueBox<Double>(0)

    private struct ProcessMetrics {
        let residentBytes: Gauge
        let anonymousResidentBytes: Gauge
        let virtualBytes: Gauge
        let cpuSeconds: Counter
        let startTimeSeconds: Gauge
        let openFileDescriptors: Gauge
    }

    private struct RequestLabels: Hashable {
        let handler: RequestHandler
        let method: MethodLabel
        let status: Int
    }

    /// Clients choose the method, so it is a label only as GET, HEAD or other.
    private enum MethodLabel: String {
        case get = "GET"
        case head = "HEAD"
        case other

        init(_ method: HTTPRequest.Method) {
            self = method == .get ? .get : method == .head ? .head : .other
        }
    }

    /// The registry, with `netsnap_build_info{version}` 1 for `version` (the netsnap release).
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), version: String = "unknown") {
        self.registry = registry
        registry.makeGauge(
            descriptor: Self.name(nil, "build_info", "", help: "Always 1: the running netsnap's version."), labels: [("version", version)]
        ).set(to: 1)
        requestDuration = registry.makeDurationHistogram(
            descriptor: Self.name("http", "request_duration", "seconds", help: "Time to answer an HTTP request."),
            buckets: [
                .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(5),
                .milliseconds(25), .milliseconds(100), .milliseconds(500), .seconds(2),
            ])
        healthy = registry.makeGauge(descriptor: Self.name(nil, "healthy", "", help: "1 while /healthz answers 200, else 0."))
        lastSuccess = registry.makeGauge(
            descriptor: Self.name(
                nil, "last_success_timestamp", "seconds", help: "Unix time of the last successful cycle (0: none yet)."))
        dataAge = registry.makeGauge(
            descriptor: Self.name(
                "data", "age", "seconds", help: "Seconds since the newest data was taken (NaN before there is any)."))
        let cycles = Self.name("watch", "cycles", "total", help: "Watch cycles, by result.")
        let targets = Self.name(nil, "targets", "", help: "Monitoring targets in the last successful cycle, by state.")
        watch = WatchMetrics(
            cyclesSucceeded: registry.makeCounter(descriptor: cycles, labels: [("result", "ok")]),
            cyclesFailed: registry.makeCounter(descriptor: cycles, labels: [("result", "failed")]),
            cycleSeconds: registry.makeCounter(
                descriptor: Self.name("watch", "cycle_seconds", "total", help: "Time spent in watch cycles.")),
            lastCycleSeconds: registry.makeGauge(
                descriptor: Self.name("watch", "last_cycle", "seconds", help: "Duration of the last watch cycle.")),
            filesWritten: registry.makeCounter(
                descriptor: Self.name("watch", "files_written", "total", help: "Output files whose bytes changed.")),
            targetsOnline: registry.makeGauge(descriptor: targets, labels: [("state", "online")]),
            targetsOffline: registry.makeGauge(descriptor: targets, labels: [("state", "offline")]))
        // The names every Prometheus client library uses, so stock dashboards find them.
        func standard(_ name: String, _ unit: String, help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: "process", subsystem: nil, metricName: name, unitName: unit, helpText: help)
        }
        process = ProcessMetrics(
            residentBytes: registry.makeGauge(descriptor: standard("resident_memory", "bytes", help: "Resident memory size in bytes.")),
            anonymousResidentBytes: registry.makeGauge(
                descriptor: Self.name(
                    "process", "resident_anonymous_memory", "bytes",
                    help: "The anonymous part of resident memory (the heap), apart from shared library and font pages.")),
            virtualBytes: registry.makeGauge(descriptor: standard("virtual_memory", "bytes", help: "Virtual memory size in bytes.")),
            cpuSeconds: registry.makeCounter(
                descriptor: standard("cpu_seconds", "total", help: "User and system CPU time spent in seconds.")),
            startTimeSeconds: registry.makeGauge(
                descriptor: standard("start_time", "seconds", help: "Start time of the process since the Unix epoch in seconds.")),
            openFileDescriptors: registry.makeGauge(descriptor: standard("open_fds", "", help: "Number of open file descriptors.")))
        network = NetworkMetrics(registry: registry)
        speed = SpeedMetrics(registry: registry)
        push = PushMetrics(registry: registry)
        displays = DisplayMetrics(registry: registry)
    }

    /// Sets each display's battery, signal and last-seen gauges.
    func record(_ records: [DisplayRecord]) {
        displays.record(records)
    }

    /// Sets the per-target, gateway and device gauges from one cycle.
    public func record(_ widgets: WidgetSet, devices: [LocalDevice]) {
        network.record(widgets, devices: devices)
        speed.record(widgets.speed)
    }

    /// Copies push's counters (MQTT, notifications).
    public func record(_ reading: PushMonitor.Reading) {
        push.record(reading)
    }

    /// Counts one answered request. Labels come from small fixed sets (the handler, the
    /// method if GET or HEAD, the status code), so the number of series stays bounded.
    func recordRequest(handler: RequestHandler, method: HTTPRequest.Method, status: Int, duration: Duration) {
        recordRequest(counter: requestCounter(handler: handler, method: method, status: status), duration: duration)
    }

    /// Counts one answered request on `counter`, one `requestCounter` handed out.
    func recordRequest(counter: Counter, duration: Duration) {
        counter.increment()
        requestDuration.record(duration)
    }

    /// The request counter of these labels, made the first time they are asked for.
    func requestCounter(handler: RequestHandler, method: HTTPRequest.Method, status: Int) -> Counter {
        let labels = RequestLabels(handler: handler, method: MethodLabel(method), status: status)
        return requestCounters.withLockedValue { counters in
            if let counter = counters[labels] { return counter }
            let counter = registry.makeCounter(
                descriptor: Self.name("http", "requests", "total", help: "HTTP requests answered, by handler, method and status."),
                labels: [("handler", handler.rawValue), ("method", labels.method.rawValue), ("status", String(status))])
            counters[labels] = counter
            return counter
        }
    }

    /// Copies the watch loop's counters: counters grow by what happened since the last copy.
    public func record(_ reading: WatchMonitor.Reading) {
        let previous = exportedReading.withLockedValue { exported in
            defer { exported = reading }
            return exported
        }
        watch.cyclesSucceeded.increment(by: Int64(max(0, reading.cyclesSucceeded - (previous?.cyclesSucceeded ?? 0))))
        watch.cyclesFailed.increment(by: Int64(max(0, reading.cyclesFailed - (previous?.cyclesFailed ?? 0))))
        watch.cycleSeconds.increment(by: max(0, reading.totalCycleSeconds - (previous?.totalCycleSeconds ?? 0)))
        watch.filesWritten.increment(by: Int64(max(0, reading.filesWritten - (previous?.filesWritten ?? 0))))
        if let last = reading.lastCycleSeconds { watch.lastCycleSeconds.set(to: last) }
        watch.targetsOnline.set(to: Double(reading.targetsOnline))
        watch.targetsOffline.set(to: Double(reading.targetsOffline))
    }

    /// The exposition text, with the health and process gauges brought up to date first.
    func exposition(health: WatchHealth, healthy isHealthy: Bool, dataAgeSeconds: Double?, process reading: ProcessReading?) -> [UInt8] {
        healthy.set(to: isHealthy ? 1 : 0)
        dataAge.set(to: dataAgeSeconds ?? .nan)
        lastSuccess.set(to: health.lastSuccessAt?.timeIntervalSince1970 ?? 0)
        if let reading { record(reading) }
        return registry.emitToBuffer()
    }

    private func record(_ reading: ProcessReading) {
        process.residentBytes.set(to: reading.residentBytes)
        process.anonymousResidentBytes.set(to: reading.anonymousResidentBytes)
        process.virtualBytes.set(to: reading.virtualBytes)
        process.startTimeSeconds.set(to: reading.startTimeSeconds)
        process.openFileDescriptors.set(to: Double(reading.openFileDescriptors))
        let previous = exportedCPUSeconds.withLockedValue { exported in
            defer { exported = max(exported, reading.cpuSeconds) }
            return exported
        }
        process.cpuSeconds.increment(by: max(0, reading.cpuSeconds - previous))
    }

    /// A metric name in netsnap's namespace: `netsnap_[subsystem_]name[_unit]`.
    static func name(_ subsystem: String?, _ name: String, _ unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "netsnap", subsystem: subsystem, metricName: name, unitName: unit, helpText: help)
    }
}
