import Foundation
import Hummingbird
import HummingbirdTesting
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapRender
@testable import NetsnapServer
@testable import NetsnapWatch

@Suite struct HealthTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func verdictAllowsTwoIntervals() {
        let health = WatchHealth(intervalSeconds: 30, lastSuccessAt: Self.start)
        #expect(health.verdict(at: Self.start.addingTimeInterval(59)).healthy)
        #expect(health.verdict(at: Self.start.addingTimeInterval(60)).healthy)
        let late = health.verdict(at: Self.start.addingTimeInterval(61))
        #expect(!late.healthy)
        #expect(late.reason == "last successful cycle 61 s ago, more than two intervals (60 s)")
    }

    @Test func verdictNamesTheLastError() {
        let health = WatchHealth(intervalSeconds: 10, lastError: "snapshot.json: no such file")
        let verdict = health.verdict(at: Self.start)
        #expect(!verdict.healthy)
        #expect(verdict.reason == "no successful cycle yet; last error: snapshot.json: no such file")
    }

    @Test func healthzFollowsTheWatchLoop() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let before = try await client.execute(uri: "/healthz", method: .get)
            #expect(before.status == .serviceUnavailable)
            #expect(String(buffer: before.body).contains("no successful cycle yet"))

            fixture.monitor.succeeded(
                at: fixture.clock.now, seconds: 0.04, targetsOnline: 5, targetsOffline: 1, filesWritten: 3,
                snapshotAt: fixture.clock.now, expiresAt: fixture.clock.now.addingTimeInterval(300))
            let ok = try await client.execute(uri: "/healthz", method: .get)
            #expect(ok.status == .ok)
            let body = try #require(JSONSerialization.jsonObject(with: Data(ok.body.readableBytesView)) as? [String: Any])
            #expect(body["status"] as? String == "ok")
            #expect(body["intervalSeconds"] as? Double == 30)

            fixture.clock.advance(by: 45)
            fixture.monitor.failed("gather: no default route", seconds: 0.005)
            let hiccup = try await client.execute(uri: "/healthz", method: .get)
            #expect(hiccup.status == .ok)
            #expect(String(buffer: hiccup.body).contains("gather: no default route"))

            fixture.clock.advance(by: 30)
            let failing = try await client.execute(uri: "/healthz", method: .get, headers: [.ifNoneMatch: "*"])
            #expect(failing.status == .serviceUnavailable)
            #expect(String(buffer: failing.body).contains("75 s ago, more than two intervals (60 s)"))
        }
    }

    @Test func staleDataIsUnhealthyWhateverTheLoopSays() {
        let health = WatchHealth(
            intervalSeconds: 30, lastSuccessAt: Self.start, snapshotAt: Self.start.addingTimeInterval(-2 * 86_400),
            expiresAt: Self.start.addingTimeInterval(-2 * 86_400 + 300))
        let verdict = health.verdict(at: Self.start.addingTimeInterval(10))
        #expect(!verdict.healthy)
        #expect(verdict.reason.hasPrefix("the data is 2 days old (snapshot 2026-11-16T11:06:40Z)"), "\(verdict.reason)")
        #expect(verdict.reason.contains("past its freshness window of 300 s"))
        let ahead = WatchHealth(
            intervalSeconds: 30, lastSuccessAt: Self.start, snapshotAt: Self.start.addingTimeInterval(3_600),
            expiresAt: Self.start.addingTimeInterval(3_900))
        #expect(!ahead.verdict(at: Self.start).healthy)
        #expect(ahead.verdict(at: Self.start).reason.hasPrefix("the data is dated 1 h ahead of this host's clock"))
        let fresh = WatchHealth(
            intervalSeconds: 30, lastSuccessAt: Self.start, snapshotAt: Self.start, expiresAt: Self.start.addingTimeInterval(300))
        #expect(fresh.verdict(at: Self.start.addingTimeInterval(60)).healthy)
    }

    @Test func healthzAndMetricsTellTheDataAge() async throws {
        let fixture = try ServerFixture()
        let taken = fixture.clock.now
        fixture.monitor.succeeded(
            at: taken, seconds: 0.04, targetsOnline: 5, targetsOffline: 1, filesWritten: 3, snapshotAt: taken,
            expiresAt: taken.addingTimeInterval(300))
        try await fixture.withRouter { client async throws in
            fixture.clock.advance(by: 20)
            let fresh = try await client.execute(uri: "/healthz", method: .get)
            #expect(fresh.status == .ok)
            let freshBody = try #require(JSONSerialization.jsonObject(with: Data(fresh.body.readableBytesView)) as? [String: Any])
            #expect(freshBody["ageSeconds"] as? Int == 20)
            #expect(freshBody["freshness"] as? String == "fresh")
            #expect(String(buffer: try await client.execute(uri: "/metrics", method: .get).body).contains("netsnap_data_age_seconds 20.0"))

            // The loop goes on (another success with the same old data), but the data is past its window.
            fixture.clock.advance(by: 400)
            fixture.monitor.succeeded(
                at: fixture.clock.now, seconds: 0.04, targetsOnline: 5, targetsOffline: 1, filesWritten: 0, snapshotAt: taken,
                expiresAt: taken.addingTimeInterval(300))
            let stale = try await client.execute(uri: "/healthz", method: .get)
            #expect(stale.status == .serviceUnavailable)
            let body = try #require(JSONSerialization.jsonObject(with: Data(stale.body.readableBytesView)) as? [String: Any])
            #expect(body["status"] as? String == "failing")
            #expect(body["ageSeconds"] as? Int == 420)
            #expect(body["snapshotAt"] as? String == RFC3339.format(taken))
            #expect(body["freshness"] as? String == "stale")
            #expect((body["reason"] as? String)?.hasPrefix("the data is 7 min old") == true)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains("netsnap_data_age_seconds 420.0"))
            #expect(metrics.contains("netsnap_healthy 0.0"))
        }
    }

    @Test func plainServeJudgesByTheAgeOfWidgetsJSON() throws {
        let folder = try OutputFolderFixture()
        let status = OutputFolderStatus(directory: folder.directory, intervalSeconds: 30)
        let modified = try #require(
            try FileManager.default.attributesOfItem(atPath: folder.directory + "/widgets.json")[.modificationDate] as? Date)
        #expect(
            status.health()
                == WatchHealth(
                    intervalSeconds: 30, lastSuccessAt: modified,
                    lastError: "\(folder.directory)/widgets.json states no snapshotAt and expiresAt"))
        try folder.rewrite("widgets.json", #"{"snapshotAt":"2026-11-21T10:42:00Z","expiresAt":"2026-11-21T10:47:00Z"}"#)
        let stated = status.health()
        #expect(stated.snapshotAt == RFC3339.parse("2026-11-21T10:42:00Z"))
        #expect(stated.expiresAt == RFC3339.parse("2026-11-21T10:47:00Z"))
        #expect(stated.lastError == nil)
        let missing = OutputFolderStatus(directory: folder.directory + "/pages", intervalSeconds: 30).health()
        #expect(missing.lastSuccessAt == nil)
        #expect(missing.lastError?.hasSuffix("widgets.json not found") == true)
    }

    @Test func metricsExposeRequestsAndCycles() async throws {
        let fixture = try ServerFixture()
        fixture.monitor.succeeded(
            at: fixture.clock.now, seconds: 0.04, targetsOnline: 5, targetsOffline: 1, filesWritten: 3,
            snapshotAt: fixture.clock.now, expiresAt: fixture.clock.now.addingTimeInterval(300))
        fixture.monitor.failed("x", seconds: 0.007)
        try await fixture.withRouter { client async throws in
            _ = try await client.execute(uri: "/widgets.json", method: .get)
            _ = try await client.execute(uri: "/missing", method: .get)
            _ = try await client.execute(uri: "/widgets.json", method: .delete)
            // Scraped twice: the watch counters are copied by difference, never counted twice.
            _ = try await client.execute(uri: "/metrics", method: .get)
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(buffer: response.body)
            for line in [
                #"netsnap_http_requests_total{handler="files",method="GET",status="200"} 1"#,
                #"netsnap_http_requests_total{handler="files",method="GET",status="404"} 1"#,
                #"netsnap_http_requests_total{handler="files",method="other",status="405"} 1"#,
                #"netsnap_watch_cycles_total{result="ok"} 1"#,
                #"netsnap_watch_cycles_total{result="failed"} 1"#,
                #"netsnap_targets{state="online"} 5.0"#,
                #"netsnap_targets{state="offline"} 1.0"#,
                "netsnap_watch_cycle_seconds_total 0.047",
                "netsnap_watch_last_cycle_seconds 0.007",
                "netsnap_watch_files_written_total 3",
                "netsnap_healthy 1.0",
                "netsnap_last_success_timestamp_seconds 1795000000.0",
            ] {
                #expect(text.contains(line), "missing: \(line)")
            }
            let gauges = Dictionary(
                text.split(separator: "\n").filter { $0.hasPrefix("process_") || $0.hasPrefix("netsnap_process_") }
                    .compactMap { line -> (String, Double)? in
                        let parts = line.split(separator: " ")
                        return parts.count == 2 ? (String(parts[0]), Double(parts[1]) ?? -1) : nil
                    }, uniquingKeysWith: { first, _ in first })
            #expect((gauges["process_resident_memory_bytes"] ?? 0) > 1_000_000, "\(gauges)")
            #expect((gauges["netsnap_process_resident_anonymous_memory_bytes"] ?? 0) > 0, "\(gauges)")
            #expect((gauges["process_open_fds"] ?? 0) >= 3, "\(gauges)")
            #expect((gauges["process_cpu_seconds_total"] ?? 0) > 0, "\(gauges)")
            let started = gauges["process_start_time_seconds"] ?? 0
            #expect(abs(started - Date().timeIntervalSince1970) < 86_400, "\(gauges)")
        }
    }

    /// Refusals are counted, and every request is labelled by the part of the server its
    /// path belongs to.
    @Test func metricsCountRefusalsAndLabelByHandler() async throws {
        var fixture = try ServerFixture()
        fixture.arguments.token = "a-long-enough-secret-token"
        let bearer: HTTPFields = [.authorization: "Bearer a-long-enough-secret-token"]
        try await fixture.withRouter { client async throws in
            _ = try await client.execute(uri: "/widgets.json", method: .get)
            _ = try await client.execute(uri: "/tiles/medium.png?theme=light", method: .head, headers: bearer)
            _ = try await client.execute(uri: "/api/display", method: .get, headers: bearer)
            _ = try await client.execute(uri: "/healthz", method: .get, headers: bearer)
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get, headers: bearer).body)
            for line in [
                #"netsnap_http_requests_total{handler="files",method="GET",status="401"} 1"#,
                #"netsnap_http_requests_total{handler="tiles",method="HEAD",status="200"} 1"#,
                #"netsnap_http_requests_total{handler="display",method="GET",status="200"} 1"#,
                #"netsnap_http_requests_total{handler="healthz",method="GET",status="503"} 1"#,
            ] {
                #expect(text.contains(line), "missing: \(line)")
            }
        }
    }

    @Test func processReadingParsesProc() throws {
        let status = "Name:\tnetsnap\nVmSize:\t  812000 kB\nVmRSS:\t   50000 kB\nRssAnon:\t    7000 kB\nThreads:\t6\n"
        // A command name may hold spaces and parentheses; fields count from the last ")".
        let stat = "4242 (net snap (x)) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 50 0 0 20 0 6 0 1000 831488000 12500"
        let reading = try #require(
            ProcessReading(
                status: status, stat: stat, systemStat: "cpu  1 2 3\nbtime 1795000000\nprocesses 9\n", ticksPerSecond: 100,
                openFileDescriptors: 12))
        #expect(
            reading
                == ProcessReading(
                    residentBytes: 50000 * 1024, anonymousResidentBytes: 7000 * 1024, virtualBytes: 812000 * 1024,
                    cpuSeconds: 3, startTimeSeconds: 1_795_000_010, openFileDescriptors: 12))
        #expect(
            ProcessReading(status: status, stat: "4242 (cut", systemStat: "btime 1", ticksPerSecond: 100, openFileDescriptors: 1) == nil)
        #expect(ProcessReading(status: "", stat: stat, systemStat: "btime 1", ticksPerSecond: 100, openFileDescriptors: 1) == nil)
    }
}
