import CamschedCore
import Foundation

/// ``RFC3339Timestamp`` as the date strategy of camsched's JSON coders (``JSONDocument``): every
/// `Date` of a document or a sidecar is written and read through these two.
extension RFC3339Timestamp {
    /// Writes `date` as its RFC 3339 UTC text with milliseconds.
    static func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string(from: date))
    }

    /// Reads a timestamp in any offset, with or without fractional seconds.
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
