import Foundation
import NetsnapJSON

/// Reads and validates the members of one JSON object, recording an issue with the member's
/// path for every violation. Getters return nil for absent, `null` or invalid values; a
/// required member that is absent or invalid is also an issue.
struct ObjectReader {
    let members: [(key: String, value: JSONValue)]
    let issues: IssueCollector
    // The path is built only when an issue needs it: a snapshot can hold 100,000 elements.
    private let containerPath: String
    private let index: Int?

    var path: String { index.map { "\(containerPath)[\($0)]" } ?? containerPath }

    /// A reader for `value`, or nil (with an issue) when it is not an object.
    init?(_ value: JSONValue, path: String, issues: IssueCollector) {
        self.init(value, containerPath: path, index: nil, issues: issues)
    }

    /// A reader for element `index` of the array at `arrayPath`.
    init?(_ value: JSONValue, arrayPath: String, index: Int, issues: IssueCollector) {
        self.init(value, containerPath: arrayPath, index: index, issues: issues)
    }

    private init?(_ value: JSONValue, containerPath: String, index: Int?, issues: IssueCollector) {
        self.containerPath = containerPath
        self.index = index
        self.issues = issues
        guard case .object(let members) = value else {
            self.members = []
            let path = self.path
            issues.add(path.isEmpty ? "(top level)" : path, "expected a JSON object, found \(value.briefDescription)")
            return nil
        }
        self.members = members
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member's value; records "missing" when required and absent or null.
    func value(_ key: String, required: Bool, expected: @autoclosure () -> String) -> JSONValue? {
        let found = members.last(where: { $0.key == key })?.value
        switch found {
        case nil:
            if required { issues.add(childPath(key), "required key is missing (expected \(expected()))") }
            return nil
        case .null?:
            if required { issues.add(childPath(key), "expected \(expected()), found null") }
            return nil
        case let value?:
            return value
        }
    }

    func fail(_ key: String, expected: @autoclosure () -> String, found: JSONValue) {
        issues.add(childPath(key), "expected \(expected()), found \(found.briefDescription)")
    }

    /// A string of at most `limit`; longer text is an issue that gives its length, not its text.
    func string(_ key: String, limit: TextLimit, required: Bool = false, nonEmpty: Bool = false) -> String? {
        let expected: StaticString = nonEmpty ? "a non-empty string" : "a string"
        guard let value = value(key, required: required, expected: "\(expected)") else { return nil }
        guard case .string(let text) = value, !nonEmpty || !text.isEmpty else {
            fail(key, expected: "\(expected)", found: value)
            return nil
        }
        guard limit.admits(text) else {
            issues.add(childPath(key), "expected \(expected) of at most \(limit), found \(limit.measure(text))")
            return nil
        }
        return text
    }

    func integer(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        // Messages are built only on failure: this runs for every number of every element.
        func expected() -> String { "an integer \(range.lowerBound)…\(range.upperBound)" }
        guard let value = value(key, required: required, expected: expected()) else { return nil }
        guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else {
            fail(key, expected: expected(), found: value)
            return nil
        }
        return Int(number)
    }

    /// A latency or other measurement: a finite number ≥ 0.
    func measurement(_ key: String) -> Double? {
        let expected = "a finite number ≥ 0"
        guard let value = value(key, required: false, expected: expected) else { return nil }
        guard case .number(let number) = value, number >= 0, number.isFinite else {
            fail(key, expected: expected, found: value)
            return nil
        }
        return number
    }

    /// A share in percent: a number 0…100.
    func percentage(_ key: String) -> Double? {
        let expected = "a number 0…100"
        guard let value = value(key, required: false, expected: expected) else { return nil }
        guard case .number(let number) = value, (0...100).contains(number) else {
            fail(key, expected: expected, found: value)
            return nil
        }
        return number
    }

    func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = value(key, required: required, expected: "true or false") else { return nil }
        guard case .bool(let flag) = value else {
            fail(key, expected: "true or false", found: value)
            return nil
        }
        return flag
    }

    /// Dates from 9999 on are refused: a snapshot's expiry (up to a year later) must still
    /// be a date RFC 3339 can write.
    func date(_ key: String, required: Bool = false) -> Date? {
        guard let date = parsed(key, required: required, expected: "an RFC 3339 date", what: "an RFC 3339 date", RFC3339.parse)
        else { return nil }
        guard date < Self.datesEnd else {
            issues.add(childPath(key), "expected a date before 9999-01-01T00:00:00Z, found \(RFC3339.format(date))")
            return nil
        }
        return date
    }

    /// 9999-01-01T00:00:00Z.
    static let datesEnd = Date(timeIntervalSince1970: 253_370_764_800)

    func uuid(_ key: String, required: Bool = false) -> UUID? {
        parsed(key, required: required, expected: "a UUID", what: "a UUID", UUIDText.parse)
    }

    func ipAddress(_ key: String, required: Bool = false) -> IPAddress? {
        parsed(key, required: required, expected: "an IPv4 or IPv6 address", what: "an IP address") { IPAddress($0) }
    }

    func macAddress(_ key: String, required: Bool = false) -> MACAddress? {
        parsed(key, required: required, expected: "a MAC address", what: "a MAC address") { MACAddress($0) }
    }

    /// A string member parsed by `parse`; a string that does not parse reads
    /// `"zz:11" is not a MAC address`.
    private func parsed<T>(
        _ key: String, required: Bool, expected: String, what: String, _ parse: (String) -> T?
    ) -> T? {
        guard let value = value(key, required: required, expected: expected) else { return nil }
        guard case .string(let text) = value else {
            fail(key, expected: "\(expected) as a string", found: value)
            return nil
        }
        guard let result = parse(text) else {
            issues.add(childPath(key), "\(value.briefDescription) is not \(what)")
            return nil
        }
        return result
    }

    /// One of an enumeration's raw values; with a `fallback`, an unknown string reads as it.
    func enumeration<E: RawRepresentable & CaseIterable>(
        _ key: String, required: Bool = false, fallback: E? = nil
    ) -> E? where E.RawValue == String {
        func expected() -> String { "one of " + E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
        guard let value = value(key, required: required, expected: expected()) else { return nil }
        guard case .string(let text) = value else {
            fail(key, expected: expected(), found: value)
            return nil
        }
        if let result = E(rawValue: text) { return result }
        if let fallback { return fallback }
        fail(key, expected: expected(), found: value)
        return nil
    }

    func object(_ key: String, required: Bool = false) -> ObjectReader? {
        guard let value = value(key, required: required, expected: "an object") else { return nil }
        return ObjectReader(value, path: childPath(key), issues: issues)
    }

    func array(_ key: String) -> [JSONValue]? {
        guard let value = value(key, required: false, expected: "an array") else { return nil }
        guard case .array(let elements) = value else {
            fail(key, expected: "an array", found: value)
            return nil
        }
        return elements
    }
}
