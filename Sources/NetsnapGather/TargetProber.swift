import Foundation
import NetsnapModel

/// Probes the configured targets: each with its own timeout and retries, at most
/// `concurrency` at a time (a task group topped up as probes finish).
enum TargetProber {
    /// One result per target, in the order given.
    static func probeAll(_ targets: [ProbeTarget], settings: ProbeSettings, pingGroupRangePath: String) async -> [TargetResult] {
        var results = [TargetResult?](repeating: nil, count: targets.count)
        await withTaskGroup(of: (Int, TargetResult).self) { group in
            var next = 0
            func startNext() {
                guard next < targets.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await probe(targets[index], settings: settings, pingGroupRangePath: pingGroupRangePath)) }
            }
            for _ in 0..<min(settings.concurrency, targets.count) { startNext() }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
        }
        return results.compactMap { $0 }
    }

    /// Probes one target, retrying only failures that another try could change.
    static func probe(_ target: ProbeTarget, settings: ProbeSettings, pingGroupRangePath: String) async -> TargetResult {
        let timeout = target.timeout ?? settings.timeout
        let retries = target.retries ?? settings.retries
        let exchange = Exchange(
            timeout: timeout, echoes: target.kind == .icmp ? target.count ?? settings.count : 1, pingGroupRangePath: pingGroupRangePath)
        var attempts = 0
        var lastError: ProbeError?
        var resolution: Duration?
        var echoes: EchoTally?
        while attempts <= retries {
            attempts += 1
            do {
                let latency = try await attempt(target, exchange, resolution: &resolution, echoes: &echoes)
                return TargetResult(
                    target: target, latency: latency, resolution: resolution, error: nil, attempts: attempts, echoes: echoes)
            } catch {
                lastError = error
                switch error {
                case .timedOut, .unreachable: continue
                case .refused, .unresolved, .notPermitted, .unexpectedAnswer, .untrusted, .cancelled: break
                }
                break
            }
        }
        return TargetResult(target: target, latency: nil, resolution: resolution, error: lastError, attempts: attempts, echoes: echoes)
    }

    /// How one attempt's exchange runs: its time limit, the echoes an ICMP check sends and
    /// where the ping socket's group range is read.
    private struct Exchange {
        let timeout: Double
        let echoes: Int
        let pingGroupRangePath: String
    }

    /// One attempt, under one timing rule for every kind: the attempt has `timeout` seconds
    /// from its start; name resolution (none for a literal address) comes first and is
    /// timed apart, the exchange gets the rest, and the latency runs from the exchange's
    /// start to its answer (handshake, response head, echo reply or DNS answer).
    private static func attempt(
        _ target: ProbeTarget, _ settings: Exchange, resolution: inout Duration?, echoes: inout EchoTally?
    ) async throws(ProbeError) -> Duration {
        let timeout = settings.timeout
        let start = ContinuousClock.now
        echoes = nil
        if target.kind == .dns, target.host == "system" {
            return try await DNSProbe.systemResolutionTime(name: target.query ?? target.host, timeout: timeout)
        }
        resolution = nil
        let address = try await NameResolver.resolve(target.host, timeout: timeout)[0]
        if IPAddress(target.host) == nil { resolution = ContinuousClock.now - start }
        let remaining = timeout - Gatherer.milliseconds(ContinuousClock.now - start) / 1000
        guard remaining > 0 else { throw .timedOut(seconds: timeout) }
        do {
            let exchange = Exchange(timeout: remaining, echoes: settings.echoes, pingGroupRangePath: settings.pingGroupRangePath)
            return try await self.exchange(target, address: address, exchange, echoes: &echoes)
        } catch .timedOut {
            // The limit the user set, not the part of it left after resolution.
            throw .timedOut(seconds: timeout)
        }
    }

    /// The probe proper, to an address already resolved.
    private static func exchange(_ target: ProbeTarget, address: IPAddress, _ settings: Exchange, echoes: inout EchoTally?)
        async throws(ProbeError) -> Duration
    {
        let timeout = settings.timeout
        switch target.kind {
        case .icmp where settings.echoes > 1:
            let tally = try await ICMPPinger.echoes(
                address, count: settings.echoes, timeout: timeout, pingGroupRangePath: settings.pingGroupRangePath)
            echoes = tally
            guard let mean = tally.meanRoundTrip else { throw .timedOut(seconds: timeout) }
            return mean
        case .icmp:
            return try await ICMPPinger.ping(address, timeout: timeout, pingGroupRangePath: settings.pingGroupRangePath)
        case .tcp:
            return try await TCPConnectProbe.connectTime(to: address, port: target.effectivePort, timeout: timeout)
        case .http, .https:
            let exchange = try await HTTPProbe.get(
                scheme: target.kind.rawValue, host: target.host, address: address, port: target.effectivePort, path: target.path,
                caFile: target.ca, timeout: timeout, readBody: false)
            try check(exchange.status, expected: target.expectStatus)
            return exchange.timeToFirstByte
        case .dns:
            return try await DNSProbe.queryTime(
                name: target.query ?? target.host, resolver: address, port: target.effectivePort, timeout: timeout)
        }
    }

    private static func check(_ status: Int, expected: Int?) throws(ProbeError) {
        if let expected {
            guard status == expected else { throw .unexpectedAnswer("HTTP \(status) (expected \(expected))") }
        } else {
            guard (200..<400).contains(status) else { throw .unexpectedAnswer("HTTP \(status) (expected 2xx or 3xx)") }
        }
    }
}
