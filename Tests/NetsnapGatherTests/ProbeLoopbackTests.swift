import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import NetsnapGather

/// Every probe kind against servers the test starts on 127.0.0.1: each failure gives its
/// own `lastError`, time-outs keep to their limit, and cancelling ends the probes at once.
@Suite struct ProbeLoopbackTests {
    /// Probes with a generous default time-out: a probe expected to succeed must not fail
    /// because every suite shares two cores; tests of time-outs set their own.
    private func probe(_ target: ProbeTarget) async -> TargetResult {
        await TargetProber.probe(target, settings: ProbeSettings(timeout: 30, retries: 0), pingGroupRangePath: "/nonexistent")
    }

    /// Generous: these tests are about what a TLS failure says, not how fast a handshake is,
    /// and a debug build's handshake on a busy 2-core machine can take seconds.
    private static let handshakeTimeout = 30.0

    @Test func aClosedPortIsRefusedForTCPAndHTTP() async throws {
        let closed = LoopbackServers.ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        for kind in [ProbeTarget.Kind.tcp, .http, .https] {
            let result = await probe(ProbeTarget(kind: kind, host: "127.0.0.1", port: closed.port))
            #expect(result.error?.snapshotText == "connection refused", "\(kind)")
            #expect(result.latency == nil)
        }
    }

    @Test func anOpenPortAnswersTCPWithItsConnectTime() async throws {
        let server = try await LoopbackServers.silent()
        defer { Task { await server.stop() } }
        let result = await probe(ProbeTarget(kind: .tcp, host: "127.0.0.1", port: server.port))
        #expect(result.isOnline, "\(String(describing: result.error))")
        #expect((result.latency ?? .zero) > .zero)
        #expect(result.resolution == nil, "a literal address is not resolved")
    }

    @Test func aWrongStatusNamesBothStatuses() async throws {
        let server = try await LoopbackServers.http(status: .internalServerError)
        defer { Task { await server.stop() } }
        let wrong = await probe(ProbeTarget(kind: .http, host: "127.0.0.1", port: server.port, path: "/health", expectStatus: 200))
        #expect(wrong.error?.snapshotText == "HTTP 500 (expected 200)")
        let anyOK = await probe(ProbeTarget(kind: .http, host: "127.0.0.1", port: server.port))
        #expect(anyOK.error?.snapshotText == "HTTP 500 (expected 2xx or 3xx)")
        let expected = await probe(ProbeTarget(kind: .http, host: "127.0.0.1", port: server.port, expectStatus: 500))
        #expect(expected.isOnline)
    }

    @Test func aHostNameIsResolvedAndTimedApart() async throws {
        let server = try await LoopbackServers.http(status: .ok)
        defer { Task { await server.stop() } }
        let result = await probe(ProbeTarget(kind: .http, host: "localhost", port: server.port, expectStatus: 200))
        #expect(result.isOnline, "\(String(describing: result.error))")
        #expect(result.resolution != nil)
        #expect((result.latency ?? .zero) > .zero)
    }

    @Test func aSelfSignedCertificateIsNotTrusted() async throws {
        let certificates = try TestCertificates()
        let server = try await LoopbackServers.http(status: .ok, tls: certificates.selfSigned)
        defer { Task { await server.stop() } }
        let result = await probe(ProbeTarget(kind: .https, host: "localhost", port: server.port, timeout: Self.handshakeTimeout))
        #expect(result.error?.snapshotText == "certificate not trusted: self-signed")
        #expect(result.attempts == 1, "a refused certificate is not retried")
    }

    @Test func aPrivateCAGivenAsCATrustsItsServer() async throws {
        let certificates = try TestCertificates()
        let server = try await LoopbackServers.http(status: .ok, tls: certificates.issued)
        defer { Task { await server.stop() } }
        let ca = try TestCertificates.write(certificates.caPEM, name: "ca.pem")
        defer { try? FileManager.default.removeItem(atPath: ca) }

        let trusted = await probe(
            ProbeTarget(kind: .https, host: "localhost", port: server.port, expectStatus: 200, timeout: Self.handshakeTimeout, ca: ca))
        #expect(trusted.isOnline, "\(String(describing: trusted.error))")
        #expect((trusted.latency ?? .zero) > .zero)
        // Without the ca key the system store decides, and it has never heard of this CA.
        let untrusted = await probe(ProbeTarget(kind: .https, host: "localhost", port: server.port, timeout: Self.handshakeTimeout))
        #expect(untrusted.error?.snapshotText.hasPrefix("certificate not trusted") == true, "\(String(describing: untrusted.error))")
        // Another target's CA does not vouch for a self-signed server.
        let other = try await LoopbackServers.http(status: .ok, tls: certificates.selfSigned)
        defer { Task { await other.stop() } }
        let elsewhere = await probe(ProbeTarget(kind: .https, host: "localhost", port: other.port, timeout: Self.handshakeTimeout, ca: ca))
        #expect(elsewhere.error?.snapshotText == "certificate not trusted: self-signed")
    }

    /// The words say the time-out fired and the lower bound that it waited its limit; the
    /// time limit only rules out a hang. No upper bound on the wait itself: with every suite
    /// running on two cores the test's task can wait half a minute for a thread to resume on,
    /// and speed is measured by the benchmarks, not here.
    @Test(.timeLimit(.minutes(2))) func aServerThatNeverAnswersTimesOutOnTime() async throws {
        let server = try await LoopbackServers.silent()
        defer { Task { await server.stop() } }
        for kind in [ProbeTarget.Kind.http, .https] {
            let start = ContinuousClock.now
            let result = await probe(ProbeTarget(kind: kind, host: "127.0.0.1", port: server.port, timeout: 0.5))
            let elapsed = ContinuousClock.now - start
            #expect(result.error?.snapshotText == "timed out after 0.5 s", "\(kind)")
            #expect(elapsed >= .milliseconds(450), "\(kind) took \(elapsed)")
        }
    }

    @Test func retriesRepeatOnlyWhatAnotherTryCouldChange() async throws {
        let server = try await LoopbackServers.silent()
        defer { Task { await server.stop() } }
        let settings = ProbeSettings(timeout: 0.2, retries: 2)
        let slow = await TargetProber.probe(
            ProbeTarget(kind: .http, host: "127.0.0.1", port: server.port), settings: settings, pingGroupRangePath: "/nonexistent")
        #expect(slow.attempts == 3)
        let closed = LoopbackServers.ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let refused = await TargetProber.probe(
            ProbeTarget(kind: .tcp, host: "127.0.0.1", port: closed.port), settings: settings, pingGroupRangePath: "/nonexistent")
        #expect(refused.error == .refused && refused.attempts == 1)
    }

    @Test func dnsQueriesGetAnAnswerNXDOMAINOrARefusal() async throws {
        let server = try await LoopbackServers.dns(known: "nas.lab")
        defer { Task { await server.stop() } }
        let found = await probe(ProbeTarget(kind: .dns, host: "127.0.0.1", port: server.port, query: "nas.lab"))
        #expect(found.isOnline, "\(String(describing: found.error))")
        let missing = await probe(ProbeTarget(kind: .dns, host: "127.0.0.1", port: server.port, query: "nope.lab"))
        #expect(missing.error?.snapshotText == "resolver answered NXDOMAIN for nope.lab")
        // Nothing binds UDP on the reserved TCP port's number, so the kernel answers port unreachable
        // at once; the long time-out only leaves room for a machine busy with every suite.
        let closed = LoopbackServers.ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let refused = await probe(ProbeTarget(kind: .dns, host: "127.0.0.1", port: closed.port, query: "nas.lab", timeout: 5))
        #expect(refused.error?.snapshotText == "connection refused")
    }

    /// Cancelling the task that probes ends every probe at once, long before its time-out,
    /// and closes the plain connections: the server sees them go. (A TLS handshake in
    /// progress is left to AsyncHTTPClient, which ends it at its own time-out.) The plain
    /// probes' time-out is ten minutes, five times the test's limit, so ending at all within
    /// the limit can only be the cancel; no wall-clock bound, which a busy machine would break.
    @Test(.timeLimit(.minutes(2))) func cancellingTheGatherEndsProbesPromptly() async throws {
        let plain = try await LoopbackServers.silent()
        let tls = try await LoopbackServers.silent()
        defer {
            Task {
                await plain.stop()
                await tls.stop()
            }
        }
        let targets =
            (0..<4).map { index in
                ProbeTarget(name: "slow http \(index)", kind: .http, host: "127.0.0.1", port: plain.port, timeout: 600)
            }
            + (0..<2).map { index in
                ProbeTarget(name: "slow https \(index)", kind: .https, host: "127.0.0.1", port: tls.port, timeout: 3)
            } + [ProbeTarget(name: "slow tcp", kind: .tcp, host: "127.0.0.1", port: plain.port, timeout: 600)]
        let gatherer = Gatherer(
            configuration: GatherConfiguration(probes: ProbeSettings(retries: 0), targets: targets), logger: .init(label: "test"))
        let task = Task { await gatherer.runProbes(gateway: nil) }
        for _ in 0..<1000 where plain.connections.count < 4 || tls.connections.count < 2 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(plain.connections.count >= 4 && tls.connections.count == 2)
        task.cancel()
        let results = await task.value
        #expect(results.targets.filter { $0.target.kind != .tcp }.allSatisfy { $0.error == .cancelled }, "\(results.targets.map(\.error))")
        for connection in plain.connections { try await connection.closeFuture.get() }
        // AsyncHTTPClient bounds the TCP connect and the TLS handshake each by the time-out.
        for connection in tls.connections { try await connection.closeFuture.get() }
    }
}
