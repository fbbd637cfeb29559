import ArgumentParser
import NetsnapRaster

extension Dithering {
    /// The value of a `--dithering` option, refused with the names that are allowed.
    static func parse(option value: String) throws -> Dithering {
        guard let dithering = Dithering(rawValue: value) else {
            throw ValidationError(
                "--dithering: expected \(allCases.map(\.rawValue).joined(separator: ", ")), found \"\(value)\"")
        }
        return dithering
    }
}
