/// An optional that encodes as an explicit `null` when absent, where synthesized `Encodable`
/// would leave the key out: TRMNL firmware's examples carry every key.
@propertyWrapper
package struct ExplicitNull<Value: Encodable & Equatable>: Encodable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
