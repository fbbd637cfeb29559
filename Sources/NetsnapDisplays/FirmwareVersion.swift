/// A TRMNL firmware version from the `FW-Version` header (`1.4.8`), for what the firmware
/// can decode: PNG from 1.5.0 on (`bl.cpp` checks `Content-Type: image/png` since then);
/// before, only a 1-bit BMP.
package struct FirmwareVersion: Comparable, Sendable {
    package let parts: [Int]

    /// Nil for anything but two or three dot-separated numbers.
    package init?(_ text: String?) {
        guard let text else { return nil }
        let numbers = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(numbers.count), numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        parts = numbers.map { $0! } + Array(repeating: 0, count: 3 - numbers.count)
    }

    package static func < (lhs: FirmwareVersion, rhs: FirmwareVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }

    package static let firstReadingPNG = FirmwareVersion("1.5.0")!

    package var readsPNG: Bool { self >= Self.firstReadingPNG }
}
