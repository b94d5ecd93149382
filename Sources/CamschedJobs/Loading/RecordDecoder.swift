import CamschedCore
import Foundation

/// `capture.record`: a movie, in segments, encoded or copied (``EncodingDecoder``).
struct RecordDecoder {
    let reader: JobReader

    static let keys = ["duration", "segment"] + EncodingDecoder.keys + ["stillsEvery"]

    func decode(_ node: JSONNode, _ path: JobPath) -> RecordSpec? {
        guard let object = reader.object(node, path, keys: Self.keys) else { return nil }
        let before = reader.problems.count
        var spec = RecordSpec(duration: reader.field(object, "duration", reader.positiveDuration))
        if let segment = reader.field(object, "segment", segment) { (spec.segment, spec.alignsSegments) = segment }
        // A bad duration or segment leaves no recording to check further; a bad encoding key
        // does, so the cross-field rules (a copy of raw pixels) still report what they find.
        let timed = reader.problems.count == before
        EncodingDecoder(reader: reader).decode(object, node, into: &spec)
        spec.stillsEvery = reader.field(object, "stillsEvery", reader.positiveDuration)
        return timed ? spec : nil
    }

    /// `record.segment`: a duration (files of that length from the recording's start), or
    /// `{"every": "1h", "align": true}` (files that begin on the wall-clock multiples of
    /// `every` in the job's time zone, which must divide a day).
    private func segment(_ node: JSONNode, _ path: JobPath) -> (length: Duration, aligned: Bool)? {
        switch node.value {
        case .string, .number:
            return reader.duration(node, path, in: JobLimits.segment).map { ($0, false) }
        case .object:
            break
        default:
            reader.typeMismatch(node, path, expected: "a duration such as \"10m\", or {\"every\": \"1h\", \"align\": true}")
            return nil
        }
        guard let object = reader.object(node, path, keys: ["every", "align"]) else { return nil }
        let every = reader.requiredField(object, "every") { reader.duration($0, $1, in: JobLimits.segment) }
        let align = reader.field(object, "align", reader.bool) ?? false
        guard let every else { return nil }
        if align, !SegmentClock.dividesADay(lengthNanoseconds: every.wholeNanoseconds), let everyNode = object.node("every") {
            reader.report(object.path("every"), everyNode.location,
                          "\(everyNode.shortDescription) does not divide a day, so aligned files could not begin at the same times every day; use a length that does, such as \"10m\", \"15m\", \"30m\", \"1h\", \"2h\", \"6h\" or \"1d\" (or \"align\": false)")
            return nil
        }
        return (every, align)
    }
}
