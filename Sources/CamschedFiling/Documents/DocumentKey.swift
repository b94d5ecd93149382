/// The one coding-key type camsched's documents are written with — the sidecar's nested
/// objects (device, format, fps, sequence, encoder, light) and the run events
/// (``JSONDocument``) — instead of a synthesized `CodingKeys` enum each.
///
/// Why: the first use of each key type makes the Swift runtime look up its `CodingKey`
/// conformance, a walk over every conformance record of the binary (about 10,000); six key
/// types were six walks in every cron run (Documentation/performance.md, "The cron path, fifth
/// pass"). The sidecar is read with it too; its nested objects are read with their synthesized
/// keys (reading is not on the cron path).
package struct DocumentKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    package let stringValue: String
    package var intValue: Int? { nil }

    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { return nil }
    package init(stringLiteral value: String) { stringValue = value }
}
