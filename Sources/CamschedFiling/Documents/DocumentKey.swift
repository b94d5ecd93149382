/// The one coding-key type camsched's documents are written with — the sidecar's nested
/// objects (device, format, fps, sequence, encoder, light) and the run events
/// (``JSONDocument``) — instead of a synthesized `CodingKeys` enum each.
///
/// Why: the first use of each key type makes the Swift runtime look up its `CodingKey`
/// conformance, a walk over every conformance record of the binary (about 10,000); six key
/// types were six walks in every cron run (Documentation/performance.md, "The cron path, fifth
/// pass"). Reading a sidecar still uses the synthesized keys: `init(from:)` is unchanged.
public struct DocumentKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { return nil }
    public init(stringLiteral value: String) { stringValue = value }
}
