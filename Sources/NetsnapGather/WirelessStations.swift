import Foundation
import NetsnapModel

/// The Wi-Fi stations associated with this host where it is itself an access point: its
/// interfaces of type AP in `iw dev`, and the stations `iw dev IF station dump` lists on each.
/// Every station is a wireless device; nothing here says anything of the devices on a wire.
public enum WirelessStations {
    /// The interfaces `iw dev` lists with `type AP`, in order.
    public static func parseAccessPointInterfaces(_ text: String) -> [String] {
        var interfaces: [String] = []
        var current: String?
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Interface ") {
                current = String(line.dropFirst("Interface ".count))
            } else if line == "type AP", let interface = current, !interfaces.contains(interface) {
                interfaces.append(interface)
            }
        }
        return interfaces
    }

    /// The stations of `iw dev IF station dump`: one "Station MAC (on IF)" line each,
    /// followed by its tab-indented statistics.
    public static func parseStationDump(_ text: String) -> [MACAddress] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Station ") else { return nil }
            return line.dropFirst("Station ".count).split(separator: " ").first.flatMap { MACAddress(String($0)) }
        }
    }
}
