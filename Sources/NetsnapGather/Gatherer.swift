import Foundation
import Logging
import NetsnapModel

/// Takes a snapshot of this host's network. Passive sources are always read; probes run
/// only as the configuration says. A missing or unreadable source leaves its fields out
/// and adds a one-line note; the gather itself never fails.
public struct Gatherer: Sendable {
    public let configuration: GatherConfiguration
    let logger: Logger
    /// The line's speed measurement, when `speed:` is configured.
    let speedTester: SpeedTester?
    /// A watch's gatherer never waits for a speed run; a one-off gather does.
    let speedInBackground: Bool

    /// `logger` receives one debug line per step: what was read and how long it took.
    public init(configuration: GatherConfiguration, logger: Logger, speedInBackground: Bool = false) {
        self.configuration = configuration
        self.logger = logger
        self.speedInBackground = speedInBackground
        speedTester = configuration.speed.map {
            SpeedTester(configuration: $0, stateDirectory: configuration.stateDirectory, logger: logger)
        }
    }

    /// A `local` snapshot and the notes about what was left out, in three steps: read the
    /// host (passive, no traffic), run the probes the configuration asks for, and assemble
    /// the snapshot (pure). `sweep` sweeps the subnet on this run even when the config does
    /// not enable it.
    public func gather(sweep: Bool = false) async -> (snapshot: Snapshot, notes: [String]) {
        var notes = GatherNotes(logger: logger)
        // The folder is the application's to choose (its one state-folder resolver); without
        // one, nothing persists.
        let stateDirectory = configuration.stateDirectory

        var sweepReport: SweepReport?
        if sweep || configuration.sweep.enabled {
            // Before the read, so the neighbour table holds every host the sweep made answer ARP.
            // (The read notes a missing route itself.)
            var routeNotes = GatherNotes(logger: Logger(label: logger.label, factory: { _ in SwiftLogNoOpLogHandler() }))
            sweepReport = await runSweep(uplink: readRoutes(notes: &routeNotes).uplink, notes: &notes)
        }
        let (readings, state) = await readHost { readings in
            guard let stateDirectory else { return GatherState() }
            let (state, stateNote) = GatherState.load(directory: stateDirectory, network: readings.networkKey)
            if let stateNote { notes.add(stateNote) }
            return state
        }
        let probes = await runProbes(gateway: readings.gateway)
        var assembly = assemble(readings, probes, state: state, now: Date())
        assembly.snapshot.speed = await speedTester?.result(now: Date(), waiting: !speedInBackground)
        // The readings' notes were logged as they were read; the probes' are logged here.
        for note in assembly.notes.dropFirst(readings.notes.count) { logger.info("\(note)") }
        var closing = GatherNotes(logger: logger)
        if var sweepReport {
            sweepReport.addARPOnly(from: readings.neighbours)
            closing.log(
                "sweep found \(sweepReport.liveHosts.count) live hosts in \(sweepReport.subnet): "
                    + "\(sweepReport.responders.count) answered ICMP, \(sweepReport.arpOnly.count) only ARP")
        }
        save(assembly.state, over: state, in: stateDirectory, network: readings.networkKey, notes: &closing)
        closing.log("snapshot: \(assembly.snapshot.devices.count) devices, \(assembly.snapshot.targets.count) targets")
        return (assembly.snapshot, notes.lines + assembly.notes + closing.lines)
    }

    /// Step 2, active: the targets, the gateway's latency and the public IP, concurrently,
    /// as the configuration asks (nothing by default). Cancelling the task ends every probe.
    public func runProbes(gateway: IPAddress?) async -> ProbeResults {
        async let targets = probeTargets()
        async let gatewayLatency = measureGatewayLatency(gateway)
        async let publicIP = lookUpPublicIP()
        var results = ProbeResults()
        results.targets = await targets
        results.gatewayLatency = await gatewayLatency
        results.publicIP = await publicIP
        return results
    }
}

extension Gatherer {
    /// Keeps the devices' ids and first-seen dates for the next run when they changed enough
    /// (or were never saved); a note says when they cannot be kept.
    func save(_ state: GatherState, over previous: GatherState, in directory: String?, network: String, notes: inout GatherNotes) {
        guard let directory else {
            notes.add("no state folder: device ids and first-seen dates will not persist")
            return
        }
        do {
            let saved = FileManager.default.fileExists(atPath: "\(directory)/\(GatherState.fileName(network: network))")
            if !saved || state.differsEnoughToSave(from: previous) {
                try state.save(directory: directory, network: network)
            }
        } catch {
            notes.add("state not saved in \(directory) (\(error.localizedDescription)): device ids and first-seen dates will not persist")
        }
    }
}
