/// Any key of a mapping, so a decoder can list the keys it was given.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws for the first key of this mapping that is not in `allowed`, naming it and the
    /// keys that are allowed: a misspelt option must not be silently ignored.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        let allowed = keys.allCases.map(\.stringValue)
        let container = try container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
        where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key \"\(key.stringValue)\"; allowed here: \(allowed.joined(separator: ", "))"))
        }
    }
}

extension KeyedDecodingContainer {
    /// A value that must satisfy `isValid`, else an error at its key saying what was expected.
    func decodeIfPresent<Value: Decodable>(
        _ type: Value.Type, forKey key: Key, expecting expectation: String, where isValid: (Value) -> Bool
    ) throws -> Value? {
        guard let value = try decodeIfPresent(type, forKey: key) else { return nil }
        guard isValid(value) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(expectation)")
        }
        return value
    }
}
