import Foundation
import NetsnapModel

/// How devices are connected, as far as this host can learn it: lldpd's neighbours and, where
/// the host is an access point, its Wi-Fi stations. Both are optional extras: a tool that is
/// missing, a daemon that is not running or output that is not what was expected means "not
/// known" — a debug line says which, and nothing else changes.
extension Gatherer {
    /// Both readings, side by side (each a process, a few milliseconds).
    func readDeviceLinks() async -> DeviceLinks {
        async let neighbours = readLLDPNeighbours()
        async let stations = readWirelessStations()
        return DeviceLinks(lldpNeighbours: await neighbours, wirelessStations: await stations)
    }

    /// `lldpcli -f json0 show neighbors details`, through the configured socket.
    func readLLDPNeighbours() async -> [LLDPNeighbour] {
        let start = ContinuousClock.now
        let paths = configuration.paths
        let socket = paths.lldpSocket.map { ["-u", $0] } ?? []
        do {
            let output = try await CommandRunner.run(paths.lldpcli, socket + ["-f", "json0", "show", "neighbors", "details"])
            guard let neighbours = LLDPNeighbour.parseLLDPCLIJSON0(output.standardOutput) else {
                logger.debug("\(paths.lldpcli) wrote no lldpd json0: LLDP neighbours not known")
                return []
            }
            let named = neighbours.map { "\($0.name ?? "?") on \($0.interface)\($0.isNetworkGear ? " (network gear)" : "")" }
            logger.debug(
                "LLDP neighbours (\(neighbours.count)): \(named.joined(separator: ", ")) (\(Self.format(ContinuousClock.now - start)))")
            return neighbours
        } catch {
            logger.debug("LLDP neighbours not known: \(error)")
            return []
        }
    }

    /// The stations of every interface `iw dev` shows as an access point.
    func readWirelessStations() async -> Set<MACAddress> {
        let start = ContinuousClock.now
        let iw = configuration.paths.iw
        guard let listing = try? await CommandRunner.run(iw, ["dev"]) else {
            logger.debug("Wi-Fi stations not known: `\(iw) dev` did not run")
            return []
        }
        let interfaces = WirelessStations.parseAccessPointInterfaces(String(decoding: listing.standardOutput, as: UTF8.self))
        var stations: Set<MACAddress> = []
        for interface in interfaces {
            do {
                let dump = try await CommandRunner.run(iw, ["dev", interface, "station", "dump"])
                stations.formUnion(WirelessStations.parseStationDump(String(decoding: dump.standardOutput, as: UTF8.self)))
            } catch {
                logger.debug("Wi-Fi stations of \(interface) not known: \(error)")
            }
        }
        logger.debug(
            "Wi-Fi stations: \(interfaces.isEmpty ? "this host is no access point" : "\(stations.count) on \(interfaces.joined(separator: ", "))") (\(Self.format(ContinuousClock.now - start)))"
        )
        return stations
    }
}
