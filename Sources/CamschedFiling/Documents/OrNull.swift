/// An optional member written as `null` when it has no value (a synthesized `Encodable` leaves
/// an optional out): the documents camsched answers with keep every key.
package struct OrNull<Value: Encodable & Sendable>: Encodable, Sendable {
    package let value: Value?

    package init(_ value: Value?) { self.value = value }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
