import Foundation
import NetsnapJSON
import NetsnapModel

/// Reads members of a speed tool's JSON report by dotted path ("download.bandwidth"),
/// failing with the path, what was expected and what was found.
struct SpeedReportReader {
    let root: JSONValue
    let format: SpeedReportFormat

    func value(_ path: String) -> JSONValue? {
        var value: JSONValue? = root
        for key in path.split(separator: ".") { value = value?[String(key)] }
        if case .null? = value { return nil }
        return value
    }

    /// A finite number ≥ 0 at `path`, nil when absent.
    func number(_ path: String) throws(SpeedReportError) -> Double? {
        guard let value = value(path) else { return nil }
        guard case .number(let number) = value, number.isFinite, number >= 0 else {
            throw error(path, expected: "a finite number ≥ 0", found: value)
        }
        return number
    }

    func string(_ path: String) throws(SpeedReportError) -> String? {
        guard let value = value(path) else { return nil }
        guard case .string(let text) = value else { throw error(path, expected: "a string", found: value) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // The snapshot holds names to 256 scalars (`TextLimit.name`); a tool's longer text is cut.
        return trimmed.isEmpty ? nil : String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix(256)))
    }

    /// An RFC 3339 date at `path`; with `spaceSeparatedUTC`, also "2024-05-01 12:00:00" read as UTC
    /// (Speedtest Tracker's `created_at`).
    func date(_ path: String, spaceSeparatedUTC: Bool = false) throws(SpeedReportError) -> Date? {
        guard let text = try string(path) else { return nil }
        if let date = RFC3339.parse(text) { return date }
        if spaceSeparatedUTC, let date = RFC3339.parse(text.replacingOccurrences(of: " ", with: "T") + "Z") { return date }
        throw error(path, expected: "an RFC 3339 date", found: .string(text))
    }

    func error(_ path: String, expected: String, found: JSONValue) -> SpeedReportError {
        SpeedReportError(format: format, path: path, message: "expected \(expected), found \(found.briefDescription)")
    }

    func missing(_ path: String, expected: String) -> SpeedReportError {
        SpeedReportError(format: format, path: path, message: "required key is missing (expected \(expected))")
    }
}

/// A report that does not hold what its format promises.
public struct SpeedReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var format: SpeedReportFormat
    /// The JSON path, or "" for the document as a whole.
    public var path: String
    public var message: String

    public var description: String {
        "\(format.rawValue) report" + (path.isEmpty ? "" : ": \(path)") + ": \(message)"
    }
}
