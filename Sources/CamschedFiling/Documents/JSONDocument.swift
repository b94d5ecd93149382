import CamschedCore
import Foundation

/// The one way camsched writes a JSON document (a run event, an API answer, a listing, a
/// sidecar): keys sorted, `/` unescaped, dates as RFC 3339 UTC with milliseconds
/// (``RFC3339Timestamp``), and read back with the same dates (``decoder``).
/// Optional members are written as `null` (``Swift/KeyedEncodingContainer/encodeNullable(_:forKey:)``)
/// where a document's shape must not depend on what is known.
package enum JSONDocument {
    /// The document's bytes; `{}` if it cannot be encoded (a non-finite number: never in
    /// camsched's documents, which round or leave out such values).
    package static func bytes(_ document: some Encodable) -> [UInt8] {
        (try? encoder().encode(document)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    /// The document as one line of text (no newline).
    package static func line(_ document: some Encodable) -> String {
        String(decoding: bytes(document), as: UTF8.self)
    }

    /// The encoder of every document; `prettyPrinted` for a file a person reads (a sidecar).
    package static func encoder(prettyPrinted: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.dateEncodingStrategy = .custom(RFC3339Timestamp.encode)
        return encoder
    }

    /// The decoder of a document camsched wrote (a sidecar): dates in any RFC 3339 offset.
    package static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RFC3339Timestamp.decode)
        return decoder
    }
}

/// Encodes optional members as `null` instead of leaving them out, so that every document of a
/// kind has the same keys.
package extension KeyedEncodingContainer {
    mutating func encodeNullable<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
