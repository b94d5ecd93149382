import CamschedCore
import Foundation

/// `capture.burst`: a number of shots at once, optionally bracketed.
struct BurstDecoder {
    let reader: JobReader

    func decode(_ node: JSONNode, _ path: JobPath) -> BurstSpec? {
        guard let object = reader.object(node, path, keys: ["count", "fps", "bracket"]) else { return nil }
        let count = reader.requiredField(object, "count") { reader.integer($0, $1, in: JobLimits.burstCount) }
        var spec = BurstSpec(count: Int(count ?? 1))
        spec.fps = reader.field(object, "fps", reader.frameRate)
        if let bracket = reader.field(object, "bracket", bracket) { spec.bracket = bracket }
        return count == nil ? nil : spec
    }

    private func bracket(_ node: JSONNode, _ path: JobPath) -> [Double]? {
        guard case .array(let elements) = node.value else {
            reader.typeMismatch(node, path, expected: "a list of exposure offsets in EV, such as [-2, 0, 2]")
            return nil
        }
        guard JobLimits.bracketLength.contains(elements.count) else {
            reader.report(path, node.location, "at most \(JobLimits.bracketLength.upperBound) offsets, found \(elements.count)")
            return nil
        }
        let offsets = elements.enumerated().map { reader.number($1, path.index($0), in: JobLimits.bracketOffset) }
        return offsets.contains(nil) ? nil : offsets.compactMap { $0 }
    }
}
