/// The one coding-key type the sidecar's nested objects are written with (device, format, fps,
/// sequence, encoder, light), instead of a synthesized `CodingKeys` enum each.
///
/// Why: the first use of each key type makes the Swift runtime look up its `CodingKey`
/// conformance, a walk over every conformance record of the binary (about 10,000); six key
/// types were six walks in every cron run (Documentation/performance.md, "The cron path, fifth
/// pass"). Reading a sidecar still uses the synthesized keys: `init(from:)` is unchanged.
struct SidecarKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
    init(stringLiteral value: String) { stringValue = value }
}
