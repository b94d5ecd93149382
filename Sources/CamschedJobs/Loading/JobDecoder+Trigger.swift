import Foundation

extension JobDecoder {
    static let triggerKeys = ["motion", "external", "preRoll", "postRoll", "maxClip", "cooldown", "still", "duration", "until"]
        + encodingKeys

    func trigger(_ node: JSONNode, _ path: JobPath) -> TriggerSpec? {
        guard let object = object(node, path, keys: JobDecoder.triggerKeys) else { return nil }
        let before = problems.count
        var spec = TriggerSpec()
        spec.motion = field(object, "motion", motion)
        if let external = field(object, "external", bool) { spec.external = external }
        if let value = field(object, "preRoll", { duration($0, $1, in: JobLimits.preRoll) }) { spec.preRoll = value }
        if let value = field(object, "postRoll", { duration($0, $1, in: JobLimits.postRoll) }) { spec.postRoll = value }
        if let value = field(object, "maxClip", { duration($0, $1, in: JobLimits.maxClip) }) { spec.maxClip = value }
        if let value = field(object, "cooldown", { duration($0, $1, in: JobLimits.cooldown) }) { spec.cooldown = value }
        if let still = field(object, "still", bool) { spec.still = still }
        spec.duration = field(object, "duration", positiveDuration)
        spec.until = field(object, "until", date)
        if object.has("duration") && object.has("until") {
            report(object.path("until"), object.keyLocation("until") ?? node.location,
                   "use either \"duration\" or \"until\", not both")
        }
        spec.encoding.duration = spec.maxClip
        encoding(object, node, into: &spec.encoding)
        if !object.has("motion") && !spec.external && problems.count == before {
            report(path, node.location,
                   "needs \"motion\" or \"external\": true; without either no event could ever start a clip")
        }
        return problems.count == before ? spec : nil
    }

    private func motion(_ node: JSONNode, _ path: JobPath) -> MotionSpec? {
        guard let object = object(node, path, keys: ["threshold", "area", "ignore"]) else { return nil }
        var spec = MotionSpec()
        if let value = field(object, "threshold", { number($0, $1, in: JobLimits.motionFraction) }) { spec.threshold = value }
        if let value = field(object, "area", { number($0, $1, in: JobLimits.motionFraction) }) { spec.area = value }
        if let rectangles = field(object, "ignore", ignoreList) { spec.ignore = rectangles }
        return spec
    }

    private func ignoreList(_ node: JSONNode, _ path: JobPath) -> [[Double]]? {
        guard case .array(let elements) = node.value else {
            typeMismatch(node, path, expected: "a list of rectangles [x, y, w, h] in fractions of the frame")
            return nil
        }
        guard JobLimits.ignoreRectangles.contains(elements.count) else {
            report(path, node.location, "at most \(JobLimits.ignoreRectangles.upperBound) rectangles, found \(elements.count)")
            return nil
        }
        let rectangles = elements.enumerated().map { rectangle($1, path.index($0)) }
        return rectangles.contains(nil) ? nil : rectangles.compactMap { $0 }
    }

    private func rectangle(_ node: JSONNode, _ path: JobPath) -> [Double]? {
        guard case .array(let elements) = node.value, elements.count == 4 else {
            typeMismatch(node, path, expected: "a rectangle [x, y, w, h] of four fractions of the frame (0…1)")
            return nil
        }
        let values = elements.enumerated().map { number($1, path.index($0), in: JobLimits.motionFraction) }
        guard !values.contains(nil) else { return nil }
        let rect = values.compactMap { $0 }
        guard rect[2] > 0, rect[3] > 0 else {
            report(path, node.location, "the width and height of a rectangle must be more than 0")
            return nil
        }
        return rect
    }
}
