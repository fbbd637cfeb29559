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
        var attempts = 0
        var lastError: ProbeError?
        while attempts <= retries {
            attempts += 1
            do {
                let latency = try await attempt(target, timeout: timeout, pingGroupRangePath: pingGroupRangePath)
                return TargetResult(target: target, latency: latency, error: nil, attempts: attempts)
            } catch {
                lastError = error
                switch error {
                case .timedOut, .unreachable: continue
                case .refused, .unresolved, .notPermitted, .unexpectedAnswer: break
                }
                break
            }
        }
        return TargetResult(target: target, latency: nil, error: lastError, attempts: attempts)
    }

    /// One attempt: resolve the host (literal addresses send nothing), then probe.
    private static func attempt(_ target: ProbeTarget, timeout: Double, pingGroupRangePath: String) async throws(ProbeError)
        -> Duration
    {
        switch target.kind {
        case .icmp:
            let address = try await HostResolver.resolve(target.host, timeout: timeout)[0]
            return try await ICMPPinger.ping(address, timeout: timeout, pingGroupRangePath: pingGroupRangePath)
        case .tcp:
            let address = try await HostResolver.resolve(target.host, timeout: timeout)[0]
            return try await TCPConnectProbe.connectTime(to: address, port: target.effectivePort, timeout: timeout)
        case .http:
            let address = try await HostResolver.resolve(target.host, timeout: timeout)[0]
            let exchange = try await PlainHTTPClient.get(
                address: address, port: target.effectivePort, hostHeader: hostHeader(target), path: target.path,
                timeout: timeout, readBody: false)
            try check(exchange.status, expected: target.expectStatus)
            return exchange.timeToFirstByte
        case .https:
            guard let url = URL(string: "https://\(hostHeader(target))\(target.path)") else {
                throw .unexpectedAnswer("cannot form an https URL from \(target.host)")
            }
            let exchange = try await HTTPSClient.get(url, timeout: timeout, readBody: false)
            try check(exchange.status, expected: target.expectStatus)
            return exchange.timeToFirstByte
        case .dns:
            let name = target.query ?? target.host
            if target.host == "system" { return try await DNSProbe.systemResolutionTime(name: name, timeout: timeout) }
            let resolver = try await HostResolver.resolve(target.host, timeout: timeout)[0]
            return try await DNSProbe.queryTime(name: name, resolver: resolver, port: target.effectivePort, timeout: timeout)
        }
    }

    /// `host[:port]` as a Host header and URL authority (IPv6 literals in brackets).
    private static func hostHeader(_ target: ProbeTarget) -> String {
        let host = IPAddress(target.host)?.isIPv6 == true ? "[\(target.host)]" : target.host
        return target.port.map { "\(host):\($0)" } ?? host
    }

    private static func check(_ status: Int, expected: Int?) throws(ProbeError) {
        if let expected {
            guard status == expected else { throw .unexpectedAnswer("HTTP \(status) (expected \(expected))") }
        } else {
            guard (200..<400).contains(status) else { throw .unexpectedAnswer("HTTP \(status) (expected 2xx or 3xx)") }
        }
    }
}
