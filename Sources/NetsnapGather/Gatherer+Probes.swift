import Foundation
import Logging
import NetsnapModel

/// Step 2's probes and the subnet sweep: what sends traffic.
extension Gatherer {
    func probeTargets() async -> [TargetResult] {
        guard !configuration.targets.isEmpty else { return [] }
        let start = ContinuousClock.now
        let results = await TargetProber.probeAll(
            configuration.targets, settings: configuration.probes, pingGroupRangePath: configuration.paths.pingGroupRange)
        for result in results {
            let resolution = result.resolution.map { "resolved in \(Self.format($0)), " } ?? ""
            let outcome = result.latency.map { "answered in \(Self.format($0))" } ?? "failed: \(result.error?.description ?? "")"
            let echoes = result.echoes.map { " (\($0.sent) echoes, \($0.lossPercent ?? 0) % lost)" } ?? ""
            logger.debug("target \(result.target.name): \(resolution)\(outcome)\(echoes), \(result.attempts) attempt(s)")
        }
        logger.debug(
            "probed \(results.count) targets, \(results.filter(\.isOnline).count) online (\(Self.format(ContinuousClock.now - start)))")
        return results
    }

    func measureGatewayLatency(_ gateway: IPAddress?) async -> Result<Double, ProbeError>? {
        guard configuration.gateway.latency, let gateway else { return nil }
        var rounds: [Duration] = []
        var lastError = ProbeError.timedOut(seconds: configuration.gateway.timeout)
        for _ in 0..<configuration.gateway.pings {
            do {
                rounds.append(
                    try await ICMPPinger.ping(
                        gateway, timeout: configuration.gateway.timeout, pingGroupRangePath: configuration.paths.pingGroupRange))
            } catch {
                lastError = error
                if case .notPermitted = error { break }
            }
        }
        guard !rounds.isEmpty else { return .failure(lastError) }
        let mean = (rounds.map(Self.milliseconds).reduce(0, +) / Double(rounds.count)).rounded(toPlaces: 3)
        logger.debug("gateway \(gateway): \(rounds.count) of \(configuration.gateway.pings) echoes answered, mean \(mean) ms")
        return .success(mean)
    }

    func lookUpPublicIP() async -> Result<PublicIPInfo, ProbeError>? {
        guard let publicIP = configuration.publicIP else { return nil }
        do {
            let info = try await PublicIPInfo.lookUp(publicIP)
            logger.debug("public IP from \(publicIP.url): \(info.ip?.text ?? "none")")
            return .success(info)
        } catch {
            return .failure(error)
        }
    }

    /// Sweeps the configured subnet, or the uplink's, and returns what answered ICMP or,
    /// judging by the neighbour table afterwards, ARP.
    public func sweep() async -> (report: SweepReport?, notes: [String]) {
        var notes = GatherNotes(logger: logger)
        guard var report = await runSweep(uplink: readRoutes(notes: &notes).uplink, notes: &notes) else { return (nil, notes.lines) }
        let (neighbours, neighbourNote) = await readNeighbours()
        if let neighbourNote { notes.add(neighbourNote) }
        report.addARPOnly(from: neighbours)
        return (report, notes.lines)
    }

    func runSweep(uplink: UplinkInterface?, notes: inout GatherNotes) async -> SweepReport? {
        guard let subnet = configuration.sweep.subnet.flatMap(IPv4Subnet.init) ?? uplink?.ipv4Subnet else {
            notes.add("sweep skipped: no IPv4 subnet on the uplink and none configured")
            return nil
        }
        let own = Set(uplink?.addresses.map(\.address) ?? [])
        let start = ContinuousClock.now
        do {
            let report = try await SubnetSweeper.sweep(
                subnet, settings: configuration.sweep, excluding: own, pingGroupRangePath: configuration.paths.pingGroupRange,
                showProgress: true)
            notes.log(
                "sweep \(subnet) by \(report.method): \(report.responders.count) of \(report.probed) answered (\(Self.format(ContinuousClock.now - start)))"
            )
            return report
        } catch {
            notes.add("sweep \(subnet): \(error)")
            return nil
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        // One millisecond is 10^15 attoseconds.
        return (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded(toPlaces: 3)
    }

    static func format(_ duration: Duration) -> String { "\(milliseconds(duration)) ms" }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
