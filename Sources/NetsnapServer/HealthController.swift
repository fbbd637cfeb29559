import Foundation
import Hummingbird
import NetsnapJSON
import NetsnapModel
import NetsnapPush

/// `GET /healthz`: 200 while the last cycle is within two intervals, the data is fresh and
/// the history can be written, else 503 — with the reason, the data's age and its snapshot time, as JSON for monitors. `GET /metrics`: the Prometheus exposition.
struct HealthController<Context: RequestContext> {
    let status: any WatchStatus
    let metrics: ServerMetrics
    let push: PushMonitor?
    let now: @Sendable () -> Date

    func addRoutes(to router: Router<Context>) {
        router.get("/healthz", use: health)
        router.head("/healthz", use: health)
        router.get("/metrics", use: exposition)
        router.head("/metrics", use: exposition)
    }

    /// The body of `/healthz`.
    struct Report: Encodable {
        let status: String
        let reason: String
        let lastSuccessAt: String?
        let intervalSeconds: Double
        let lastError: String?
        /// Whole seconds since the newest data was taken; nil before there is any.
        let ageSeconds: Int?
        let snapshotAt: String?
        let expiresAt: String?
        /// `fresh`, `stale` or `clockAhead`; nil before there is data.
        let freshness: String?
        /// Why the history cannot be written or read; nil while it can.
        let historyProblem: String?
    }

    @Sendable func health(_ request: Request, context: Context) async throws -> Response {
        let health = await status.health()
        let date = now()
        let verdict = health.verdict(at: date)
        let report = Report(
            status: verdict.healthy ? "ok" : "failing", reason: verdict.reason,
            lastSuccessAt: health.lastSuccessAt.map(RFC3339.format),
            intervalSeconds: health.intervalSeconds, lastError: health.lastError,
            ageSeconds: health.dataAgeSeconds(at: date).map { Int($0.rounded(.down)) },
            snapshotAt: health.snapshotAt.map(RFC3339.format), expiresAt: health.expiresAt.map(RFC3339.format),
            freshness: health.freshness(at: date)?.name, historyProblem: health.historyProblem)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let representation = Representation(
            bytes: Array(try encoder.encode(report)), contentType: "application/json", cacheControl: "no-store")
        return verdict.healthy ? representation.response(to: request) : representation.fullResponse(status: .serviceUnavailable)
    }

    @Sendable func exposition(_ request: Request, context: Context) async throws -> Response {
        await status.updateMetrics(metrics)
        if let push { metrics.record(push.reading) }
        let health = await status.health()
        let date = now()
        let bytes = metrics.exposition(
            health: health, healthy: health.verdict(at: date).healthy, dataAgeSeconds: health.dataAgeSeconds(at: date),
            process: ProcessReading.current())
        return Representation(bytes: bytes, contentType: "text/plain; version=0.0.4; charset=utf-8", cacheControl: "no-store")
            .response(to: request)
    }
}
