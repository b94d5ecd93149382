import CamschedCore
import Foundation

/// The one way camsched writes a JSON document (a run event, an API answer, a listing): keys
/// sorted, `/` unescaped, dates as RFC 3339 UTC with milliseconds (``RFC3339Timestamp``).
/// Optional members are written as `null` by ``NullableMembers`` where a document's shape
/// must not depend on what is known.
package enum JSONDocument {
    /// The document's bytes; `{}` if it cannot be encoded (a non-finite number: never in
    /// camsched's documents, which round or leave out such values).
    package static func bytes(_ document: some Encodable) -> [UInt8] {
        (try? encoder.encode(document)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    /// The document as one line of text (no newline).
    package static func line(_ document: some Encodable) -> String {
        String(decoding: bytes(document), as: UTF8.self)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339Timestamp.string(from: date))
        }
        return encoder
    }
}

/// Encodes optional members as `null` instead of leaving them out, so that every document of a
/// kind has the same keys.
package extension KeyedEncodingContainer {
    mutating func encodeNullable<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
