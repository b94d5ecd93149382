import CamschedCore
import Foundation

/// `capture.trigger`: clips around motion or external events.
struct TriggerDecoder {
    let reader: JobReader

    static let keys = ["motion", "external", "preRoll", "postRoll", "maxClip", "cooldown", "still", "duration", "until"]
        + EncodingDecoder.keys

    func decode(_ node: JSONNode, _ path: JobPath) -> TriggerSpec? {
        guard let object = reader.object(node, path, keys: Self.keys) else { return nil }
        let before = reader.problems.count
        var spec = TriggerSpec()
        spec.motion = reader.field(object, "motion", motion)
        if let external = reader.field(object, "external", reader.bool) { spec.external = external }
        if let value = reader.field(object, "preRoll", { reader.duration($0, $1, in: JobLimits.preRoll) }) { spec.preRoll = value }
        if let value = reader.field(object, "postRoll", { reader.duration($0, $1, in: JobLimits.postRoll) }) { spec.postRoll = value }
        if let value = reader.field(object, "maxClip", { reader.duration($0, $1, in: JobLimits.maxClip) }) { spec.maxClip = value }
        if let value = reader.field(object, "cooldown", { reader.duration($0, $1, in: JobLimits.cooldown) }) { spec.cooldown = value }
        if let still = reader.field(object, "still", reader.bool) { spec.still = still }
        spec.duration = reader.field(object, "duration", reader.positiveDuration)
        spec.until = reader.field(object, "until", reader.date)
        if object.has("duration") && object.has("until") {
            reader.report(object.path("until"), object.keyLocation("until") ?? node.location,
                          "use either \"duration\" or \"until\", not both")
        }
        spec.encoding.duration = spec.maxClip
        EncodingDecoder(reader: reader).decode(object, node, into: &spec.encoding)
        if !object.has("motion") && !spec.external && reader.problems.count == before {
            reader.report(path, node.location,
                          "needs \"motion\" or \"external\": true; without either no event could ever start a clip")
        }
        return reader.problems.count == before ? spec : nil
    }

    private func motion(_ node: JSONNode, _ path: JobPath) -> MotionSpec? {
        guard let object = reader.object(node, path, keys: ["threshold", "area", "ignore"]) else { return nil }
        var spec = MotionSpec()
        if let value = reader.field(object, "threshold", { reader.number($0, $1, in: JobLimits.motionFraction) }) { spec.threshold = value }
        if let value = reader.field(object, "area", { reader.number($0, $1, in: JobLimits.motionFraction) }) { spec.area = value }
        if let rectangles = reader.field(object, "ignore", ignoreList) { spec.ignore = rectangles }
        return spec
    }

    private func ignoreList(_ node: JSONNode, _ path: JobPath) -> [[Double]]? {
        guard case .array(let elements) = node.value else {
            reader.typeMismatch(node, path, expected: "a list of rectangles [x, y, w, h] in fractions of the frame")
            return nil
        }
        guard JobLimits.ignoreRectangles.contains(elements.count) else {
            reader.report(path, node.location, "at most \(JobLimits.ignoreRectangles.upperBound) rectangles, found \(elements.count)")
            return nil
        }
        let rectangles = elements.enumerated().map { rectangle($1, path.index($0)) }
        return rectangles.contains(nil) ? nil : rectangles.compactMap { $0 }
    }

    private func rectangle(_ node: JSONNode, _ path: JobPath) -> [Double]? {
        guard case .array(let elements) = node.value, elements.count == 4 else {
            reader.typeMismatch(node, path, expected: "a rectangle [x, y, w, h] of four fractions of the frame (0…1)")
            return nil
        }
        let values = elements.enumerated().map { reader.number($1, path.index($0), in: JobLimits.motionFraction) }
        guard !values.contains(nil) else { return nil }
        let rect = values.compactMap { $0 }
        guard rect[2] > 0, rect[3] > 0 else {
            reader.report(path, node.location, "the width and height of a rectangle must be more than 0")
            return nil
        }
        return rect
    }
}
