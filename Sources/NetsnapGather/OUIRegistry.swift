import Foundation
import NetsnapModel

/// Vendor names from the IEEE registry CSV files Debian's `ieee-data` ships (`oui.csv` for
/// MA-L 24-bit blocks, `mam.csv` for MA-M 28-bit, `oui36.csv` for MA-S 36-bit). The longest
/// matching block wins. Only the MACs asked for are looked up, in one pass over the bytes,
/// because building a table of all 50,000 blocks would cost more than a whole passive gather.
public enum OUIRegistry {
    /// Shown for locally administered (randomised, "private") addresses: their first
    /// octets belong to no vendor, so a registry match would name the wrong one.
    public static let privateAddressVendor = "Private address"

    /// Registry block lengths in hex digits: MA-S, MA-M, MA-L.
    private static let prefixLengths = [9, 7, 6]

    /// The vendor of each MAC found in `csvFiles` (file contents), cleaned with `VendorName`;
    /// locally administered MACs get `privateAddressVendor`.
    public static func vendors(for macs: some Sequence<MACAddress>, csvFiles: [[UInt8]]) -> [MACAddress: String] {
        var vendors: [MACAddress: String] = [:]
        var wanted: Set<String> = []
        var universal: [MACAddress] = []
        for mac in macs {
            if mac.isLocallyAdministered {
                vendors[mac] = privateAddressVendor
            } else {
                universal.append(mac)
                for length in prefixLengths { wanted.insert(hexPrefix(mac, length: length)) }
            }
        }
        guard !universal.isEmpty else { return vendors }
        var organisations: [String: String] = [:]
        for bytes in csvFiles { scan(bytes, wanted: wanted, into: &organisations) }
        for mac in universal {
            for length in prefixLengths {
                if let organisation = organisations[hexPrefix(mac, length: length)] {
                    vendors[mac] = VendorName.clean(organisation)
                    break
                }
            }
        }
        return vendors
    }

    /// The first `length` hex digits of `mac`, uppercase, as the registry writes assignments.
    static func hexPrefix(_ mac: MACAddress, length: Int) -> String {
        String(mac.text.replacingOccurrences(of: ":", with: "").uppercased().prefix(length))
    }

    /// Reads `Registry,Assignment,Organization Name,…` lines, keeping wanted assignments.
    private static func scan(_ bytes: [UInt8], wanted: Set<String>, into organisations: inout [String: String]) {
        let comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n")
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            guard let firstComma = bytes[lineStart..<lineEnd].firstIndex(of: comma),
                let secondComma = bytes[(firstComma + 1)..<lineEnd].firstIndex(of: comma),
                (6...9).contains(secondComma - firstComma - 1)
            else { continue }
            let assignment = String(decoding: bytes[(firstComma + 1)..<secondComma], as: UTF8.self).uppercased()
            guard wanted.contains(assignment) else { continue }
            organisations[assignment] = csvField(bytes[(secondComma + 1)..<lineEnd])
        }
    }

    /// The first CSV field of `bytes`: quoted (with `""` for a quote) or up to the next comma.
    private static func csvField(_ bytes: ArraySlice<UInt8>) -> String {
        let quote = UInt8(ascii: "\"")
        guard bytes.first == quote else {
            let end = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
            return String(decoding: bytes[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var field: [UInt8] = []
        var index = bytes.startIndex + 1
        while index < bytes.endIndex {
            if bytes[index] == quote {
                guard index + 1 < bytes.endIndex, bytes[index + 1] == quote else { break }
                index += 1
            }
            field.append(bytes[index])
            index += 1
        }
        return String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
