import CamschedCore
import Foundation

/// Reading and writing ``RFC3339Timestamp``s in the sidecars' and the catalog's coding.
extension RFC3339Timestamp {
    /// Decodes a timestamp string from a single-value container.
    static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an RFC 3339 timestamp such as 2026-11-22T10:00:00.123Z")
        }
        return date
    }
}

extension KeyedDecodingContainer {
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = RFC3339Timestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(text)\" is not an RFC 3339 timestamp such as 2026-11-22T10:00:00.123Z")
        }
        return date
    }

    func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = RFC3339Timestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(text)\" is not an RFC 3339 timestamp such as 2026-11-22T10:00:00.123Z")
        }
        return date
    }
}

extension KeyedEncodingContainer {
    mutating func encodeTimestamp(_ date: Date?, forKey key: Key) throws {
        try encode(date.map(RFC3339Timestamp.string(from:)), forKey: key)
    }

}
