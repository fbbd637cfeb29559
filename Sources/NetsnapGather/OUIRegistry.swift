import Foundation
import NetsnapModel

/// Vendor names from the IEEE registry CSV files Debian's `ieee-data` ships (`oui.csv` for
/// MA-L 24-bit blocks, `mam.csv` for MA-M 28-bit, `oui36.csv` for MA-S 36-bit). The longest
/// matching block wins. Only the MACs asked for are looked up, in one pass over the bytes,
/// because building a table of all 50,000 blocks would cost more than a whole passive gather;
/// the files are mapped rather than read, and not opened at all when no MAC needs them.
public enum OUIRegistry {
    /// Shown for locally administered (randomised, "private") addresses: their first
    /// octets belong to no vendor, so a registry match would name the wrong one.
    public static let privateAddressVendor = "Private address"

    /// Registry block lengths in hex digits: MA-S, MA-M, MA-L.
    private static let prefixLengths = [9, 7, 6]

    /// The vendor of each MAC found in `csvFiles` (file contents), cleaned with `VendorName`;
    /// locally administered MACs get `privateAddressVendor`.
    public static func vendors(for macs: some Sequence<MACAddress>, csvFiles: [[UInt8]]) -> [MACAddress: String] {
        lookUp(macs) { wanted, organisations in
            for bytes in csvFiles { bytes.withUnsafeBytes { scan($0, wanted: wanted, into: &organisations) } }
        }
    }

    /// The vendor of each MAC found in the registry files at `csvPaths` (unreadable ones are
    /// skipped), and how many files were read: none when every MAC is private.
    public static func vendors(for macs: some Sequence<MACAddress>, csvPaths: [String]) -> (vendors: [MACAddress: String], filesRead: Int) {
        var filesRead = 0
        let vendors = lookUp(macs) { wanted, organisations in
            for file in csvPaths.compactMap(MappedFile.init) {
                filesRead += 1
                file.withUnsafeBytes { scan($0, wanted: wanted, into: &organisations) }
            }
        }
        return (vendors, filesRead)
    }

    /// Private MACs are named at once; `scanFiles` fills in the organisation of each wanted
    /// block key and runs only when some MAC is universal.
    private static func lookUp(
        _ macs: some Sequence<MACAddress>, scanFiles: (Set<UInt64>, inout [UInt64: String]) -> Void
    ) -> [MACAddress: String] {
        var vendors: [MACAddress: String] = [:]
        var wanted: Set<UInt64> = []
        var universal: [MACAddress] = []
        for mac in macs {
            if mac.isLocallyAdministered {
                vendors[mac] = privateAddressVendor
            } else {
                universal.append(mac)
                for length in prefixLengths { wanted.insert(prefixKey(mac, length: length)) }
            }
        }
        guard !universal.isEmpty else { return vendors }
        var organisations: [UInt64: String] = [:]
        scanFiles(wanted, &organisations)
        for mac in universal {
            for length in prefixLengths {
                if let organisation = organisations[prefixKey(mac, length: length)] {
                    vendors[mac] = VendorName.clean(organisation)
                    break
                }
            }
        }
        return vendors
    }

    /// A block prefix as a number: the hex digits' value with their count in the top
    /// bits, so `741AE09` (MA-M) and `741AE0` (MA-L) differ. Comparing numbers instead
    /// of strings keeps the scan free of allocations.
    static func prefixKey(_ mac: MACAddress, length: Int) -> UInt64 {
        let value = mac.octets.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> UInt64(4 * (12 - length))
        return UInt64(length) << 56 | value
    }

    /// The key of `length` ASCII hex digits at `start`, or nil when one is not hex.
    private static func prefixKey(_ bytes: UnsafeRawBufferPointer, start: Int, length: Int) -> UInt64? {
        var value: UInt64 = 0
        for index in start..<(start + length) {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return UInt64(length) << 56 | value
    }

    /// Reads `Registry,Assignment,Organization Name,…` lines, keeping wanted assignments.
    private static func scan(_ buffer: UnsafeRawBufferPointer, wanted: Set<UInt64>, into organisations: inout [UInt64: String]) {
        guard let base = buffer.baseAddress else { return }
        // The first three hex digits of every wanted key, as 4,096 bits: nearly every line
        // fails this test before its key is parsed and hashed.
        var leadingDigits = [UInt64](repeating: 0, count: 64)
        for key in wanted {
            let digits = (key & 0xFF_FFFF_FFFF_FFFF) >> (4 * ((key >> 56) - 3))
            leadingDigits[Int(digits >> 6)] |= 1 << (digits & 63)
        }
        let count = buffer.count
        var lineStart = 0
        while lineStart < count {
            let lineEnd = memchr(base + lineStart, 0x0A, count - lineStart).map { UnsafeRawPointer($0) - base } ?? count
            defer { lineStart = lineEnd + 1 }
            // "MA-L," is 5 bytes; the assignment (6, 7 or 9 hex digits) ends at the next comma.
            let assignmentStart = lineStart + 5
            guard lineEnd - lineStart > 16, buffer[lineStart + 4] == UInt8(ascii: ","),
                let leading = prefixKey(buffer, start: assignmentStart, length: 3).map({ Int($0 & 0xFFF) }),
                leadingDigits[leading >> 6] & (1 << (leading & 63)) != 0
            else { continue }
            var assignmentEnd = assignmentStart
            while assignmentEnd < lineEnd, buffer[assignmentEnd] != UInt8(ascii: ","), assignmentEnd - assignmentStart < 10 {
                assignmentEnd += 1
            }
            let length = assignmentEnd - assignmentStart
            guard length == 6 || length == 7 || length == 9,
                let key = prefixKey(buffer, start: assignmentStart, length: length), wanted.contains(key)
            else { continue }
            organisations[key] = csvField(Array(buffer[(assignmentEnd + 1)..<lineEnd])[...])
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
